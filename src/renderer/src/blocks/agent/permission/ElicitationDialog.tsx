import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ElicitationAnswer } from '../../../../../shared/agent-control';
import { safeExternalUrl } from '../../../../../shared/external-url';
import type { ElicitationRequest } from '../model/permission-queue';
import {
  formContent,
  formErrors,
  formFields,
  initialValues,
  type Field,
  type FormValues,
} from './elicitation-form';
import { Arming, NotSent, useAnswerGuard } from './use-answer-guard';
import { RequestFrame } from './RequestFrame';
import './elicitation.css';

interface ElicitationDialogProps {
  request: ElicitationRequest;
  takeFocus: boolean;
  onAnswer(answer: ElicitationAnswer): Promise<void>;
  onOpenLink(url: string): void;
}

/** The HTML input for a text format: the browser's own pickers for dates. */
const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/**
 * An MCP server asks the user (`elicitation`): a form built from its schema, checked before
 * Accept sends it, or a URL to open (shown in full: the server chose it, so it opens only if it
 * is a plain http(s) link). Decline tells the server no; Cancel (also Esc) that the user did not
 * decide. Enter in a field accepts. The same key guard as the permission dialog.
 */
export function ElicitationDialog({
  request,
  takeFocus,
  onAnswer,
  onOpenLink,
}: ElicitationDialogProps) {
  const { send, notSent, early, arming, dialogProps } = useAnswerGuard(takeFocus, onAnswer);
  const ids = useId();
  const form = useMemo(
    () =>
      request.mode === 'form'
        ? formFields(request.requested_schema, request.property_order)
        : { fields: [] },
    [request],
  );
  const fields = 'fields' in form ? form.fields : [];
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [checked, setChecked] = useState(false);
  const inputs = useRef(new Map<string, HTMLElement>());
  const errors = checked ? formErrors(fields, values) : {};
  const url = request.mode === 'url' ? (request.url ?? '') : null;
  const openable = url !== null ? safeExternalUrl(url) : null;
  const asker = request.display_name ?? request.server_name;
  const label = request.title ?? `${url !== null ? 'Link' : 'Form'} from ${asker}`;

  const accept = () => {
    if (url !== null) {
      if (!openable) return;
      onOpenLink(openable);
      send({ behavior: 'accept' });
      return;
    }
    if ('unsupported' in form) return;
    const problems = formErrors(fields, values);
    setChecked(true);
    const first = fields.find((field) => problems[field.name]);
    if (first) {
      inputs.current.get(first.name)?.focus();
      return;
    }
    send({ behavior: 'accept', content: formContent(fields, values) });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!early()) send({ behavior: 'cancel' });
      return;
    }
    // Enter on a button presses it; in a field (or on the dialog) it accepts.
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      if (!early()) accept();
    }
  };

  const set = (name: string, value: string | boolean) =>
    setValues((before) => ({ ...before, [name]: value }));
  const errorCount = Object.keys(errors).length;

  return (
    <RequestFrame
      guard={dialogProps}
      label={label}
      describedBy={`${ids}-message`}
      className="agent-permission agent-elicitation"
      onKeyDown={onKeyDown}
    >
      <div className="agent-permission-title">
        <strong>{label}</strong>
        <span className="agent-elicitation-server">MCP server {request.server_name}</span>
      </div>
      <p id={`${ids}-message`} className="agent-elicitation-message">
        {request.message}
      </p>
      {request.description && <p className="agent-elicitation-note">{request.description}</p>}
      {url !== null && (
        <p className="agent-elicitation-url">
          <code>{url}</code>
          {!openable && (
            <span role="alert" className="agent-permission-error">
              {' '}
              Tether opens only http and https links without a user name or password: this one stays
              closed.
            </span>
          )}
        </p>
      )}
      {'unsupported' in form && (
        <p role="alert" className="agent-permission-error">
          This form cannot be shown: {form.unsupported}. Decline or cancel it.
        </p>
      )}
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`${ids}-${field.name}`}
          field={field}
          value={values[field.name] ?? field.initial}
          error={errors[field.name]}
          onChange={(value) => set(field.name, value)}
          register={(element) => {
            if (element) inputs.current.set(field.name, element);
            else inputs.current.delete(field.name);
          }}
        />
      ))}
      {errorCount > 0 && (
        <p role="alert" className="agent-permission-error">
          {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} a change before
          Accept.
        </p>
      )}
      <NotSent reason={notSent} />
      <Arming arming={arming} />
      <div className="agent-permission-buttons">
        <button
          type="button"
          onClick={accept}
          disabled={url !== null ? !openable : 'unsupported' in form}
        >
          {url !== null ? 'Open' : 'Accept'}
        </button>
        <button type="button" onClick={() => send({ behavior: 'decline' })}>
          Decline
        </button>
        <button type="button" onClick={() => send({ behavior: 'cancel' })}>
          Cancel
        </button>
      </div>
      <p className="agent-permission-keys">
        {url !== null ? 'Enter opens the link' : 'Enter accepts'} · Esc cancels
      </p>
    </RequestFrame>
  );
}

interface FormFieldProps {
  id: string;
  field: Field;
  value: string | boolean;
  error: string | undefined;
  onChange(value: string | boolean): void;
  register(element: HTMLElement | null): void;
}

function FormField({ id, field, value, error, onChange, register }: FormFieldProps) {
  const described = [field.description && `${id}-about`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    ref: register,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': field.required || undefined,
  };
  let control;
  if (field.kind === 'boolean') {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  } else if (field.kind === 'choice') {
    control = (
      <select {...common} value={String(value)} onChange={(event) => onChange(event.target.value)}>
        <option value="">{field.required ? 'Choose…' : '(none)'}</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={field.kind === 'number' ? 'text' : field.format ? INPUT_TYPES[field.format] : 'text'}
        inputMode={field.kind === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className={`agent-elicitation-field agent-elicitation-${field.kind}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {field.description && (
        <span id={`${id}-about`} className="agent-elicitation-about">
          {field.description}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="agent-permission-error">
          {error}
        </span>
      )}
    </div>
  );
}
