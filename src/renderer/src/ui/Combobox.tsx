import { useId, useState } from 'react';
import './combobox.css';

export interface ComboboxOption {
  value: string;
  /** Shown after the value, and part of the option's name ("recent"). */
  note?: string;
}

interface ComboboxProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** What to offer for the text as it is: the caller filters. */
  options: readonly ComboboxOption[];
  /** The field got the keyboard or its text changed: the time to look for options. */
  onFocus?(): void;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A text field with a list of suggestions (the ARIA combobox pattern): typing filters, Up and
 * Down move through the list, Enter or a click takes an option, Escape closes the list first and
 * only then reaches the dialog around it. Free text is kept as typed.
 */
export function Combobox(props: ComboboxProps) {
  const { label, value, onChange, options } = props;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  const at = shown && active < options.length ? active : -1;

  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    setOpen(false);
    setActive(-1);
  };
  const move = (step: number) => {
    setOpen(true);
    if (options.length === 0) return;
    // Round the options and the field itself (-1: nothing chosen, the text as typed).
    const places = options.length + 1;
    setActive((current) => ((current + 1 + step + places) % places) - 1);
  };

  return (
    <div className="combobox">
      <input
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={at >= 0 ? `${listId}-${at}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={props.placeholder}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        onFocus={() => {
          setOpen(true);
          props.onFocus?.();
        }}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            move(event.key === 'ArrowDown' ? 1 : -1);
          } else if (event.key === 'Enter' && at >= 0) {
            event.preventDefault();
            pick(options[at]!);
          } else if (event.key === 'Escape' && shown) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className="combobox-list"
        hidden={!shown}
      >
        {shown &&
          options.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === at}
              className={index === at ? 'active' : undefined}
              // Before the field's blur, which would close the list under the click.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {option.value}
              {option.note && <span className="combobox-note"> ({option.note})</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
