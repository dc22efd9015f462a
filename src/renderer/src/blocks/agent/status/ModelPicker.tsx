import type { ModelOption } from '../../../../../shared/agent-event';

interface ModelPickerProps {
  models: readonly ModelOption[];
  /** The model the session announced (`session_started`), a full id such as claude-opus-5-5. */
  current: string | null;
  /** The option just chosen, until the session announces the model it switched to. */
  chosen: string | null;
  onChange(value: string): void;
}

/**
 * The session's model, switchable mid-session among those its `initialize` answer lists; before
 * that list arrives, the announced model as text, and before that nothing.
 */
export function ModelPicker({ models, current, chosen, onChange }: ModelPickerProps) {
  if (models.length === 0) {
    return (
      current && (
        <span className="agent-model" title="Model">
          {current}
        </span>
      )
    );
  }
  // An alias stands for a full id, which is what the session announces.
  const selected =
    chosen ??
    models.find((model) => model.resolved_model === current || model.value === current)?.value ??
    current ??
    '';
  const listed = models.some((model) => model.value === selected);
  return (
    <select
      className="agent-model"
      aria-label="Model"
      value={selected}
      onChange={(event) => onChange(event.target.value)}
    >
      {!listed && (
        // Until the session names its model, a quiet placeholder rather than a guess.
        <option value={selected} disabled>
          {selected || 'Model'}
        </option>
      )}
      {models.map((model) => (
        <option key={model.value} value={model.value} title={model.description}>
          {model.display_name}
        </option>
      ))}
    </select>
  );
}
