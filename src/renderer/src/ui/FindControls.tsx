export interface FindToggle {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

interface FindControlsProps {
  /** "2 of 9", "No matches", or '' before anything is typed. */
  said: string;
  toggles: readonly FindToggle[];
  canStep: boolean;
  onPrevious(): void;
  onNext(): void;
  onClose(): void;
}

/** What every find bar has after its field: the count, its toggles, previous, next and close. */
export function FindControls({
  said,
  toggles,
  canStep,
  onPrevious,
  onNext,
  onClose,
}: FindControlsProps) {
  return (
    <>
      <span role="status" aria-label="Matches" className="find-count">
        {said}
      </span>
      {toggles.map((toggle) => (
        <label key={toggle.label}>
          <input
            type="checkbox"
            checked={toggle.checked}
            onChange={(event) => toggle.onChange(event.target.checked)}
          />{' '}
          {toggle.label}
        </label>
      ))}
      <button type="button" onClick={onPrevious} disabled={!canStep}>
        Previous match
      </button>
      <button type="button" onClick={onNext} disabled={!canStep}>
        Next match
      </button>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </>
  );
}
