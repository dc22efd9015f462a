import './dialog-header.css';

/** A dialog's title, the name it is found by, and its close button. */
export function DialogHeader({ label, onClose }: { label: string; onClose(): void }) {
  return (
    <header className="dialog-header">
      <h2>{label}</h2>
      <button type="button" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </header>
  );
}
