import { useEffect, useId, useState, type ReactNode } from 'react';

interface SettingFieldProps {
  label: string;
  /** What the file says; null: it says nothing, and `placeholder` tells what applies. */
  value: string | null;
  placeholder: string;
  type?: 'text' | 'number';
  /** One value per line (a program's arguments). */
  multiline?: boolean;
  min?: number;
  max?: number;
  /** The new text, trimmed; null when it was emptied (back to the default). */
  onCommit(value: string | null): void;
  children?: ReactNode;
}

/**
 * A setting typed in: it is saved when the field is left or Enter is pressed (in a one-line
 * field), not at each key, so a value half typed is never written.
 */
export function SettingField({
  label,
  value,
  placeholder,
  type = 'text',
  multiline = false,
  min,
  max,
  onCommit,
  children,
}: SettingFieldProps) {
  const [draft, setDraft] = useState(value ?? '');
  const id = useId();
  // The file changed (saved here, or in an editor): the field shows what it says now.
  useEffect(() => setDraft(value ?? ''), [value]);

  const commit = () => {
    const text = multiline ? draft.replace(/\s+$/, '') : draft.trim();
    if (text === (value ?? '')) return;
    onCommit(text === '' ? null : text);
  };
  const common = {
    id,
    value: draft,
    placeholder,
    onBlur: commit,
  };
  return (
    <div className="tether-setting">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => setDraft(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          min={min}
          max={max}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      )}
      {children}
    </div>
  );
}

interface NumberSettingFieldProps extends Omit<
  SettingFieldProps,
  'value' | 'placeholder' | 'type' | 'multiline' | 'onCommit'
> {
  value: number | null | undefined;
  /** What applies while the file sets nothing. */
  placeholder: number;
  onCommit(value: number | null): void;
}

/** A setting that is a number; the host checks its range (and says so) before it is written. */
export function NumberSettingField({
  value,
  placeholder,
  onCommit,
  ...field
}: NumberSettingFieldProps) {
  return (
    <SettingField
      {...field}
      type="number"
      value={value == null ? null : String(value)}
      placeholder={String(placeholder)}
      onCommit={(text) => onCommit(text === null ? null : Number(text))}
    />
  );
}
