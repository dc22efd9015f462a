import type { ElicitationContent } from '../../../../../shared/agent-control';
import { isRecord } from '../../../../../shared/is-record';

/**
 * The fields of an MCP server's form, from its `requested_schema`: the subset MCP allows, a flat
 * object whose properties are strings (with a format, or a length), numbers or integers (with
 * bounds), booleans, or single choices (`enum` with `enumNames`, or `oneOf` with titles).
 */

export interface Option {
  value: string;
  label: string;
}

interface Common {
  name: string;
  /** What the field is called for the user: its `title`, else its property name. */
  label: string;
  description?: string;
  required: boolean;
}

export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

export type Field = Common &
  (
    | { kind: 'text'; format?: TextFormat; minLength?: number; maxLength?: number; initial: string }
    | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; initial: string }
    | { kind: 'boolean'; initial: boolean }
    | { kind: 'choice'; options: Option[]; initial: string }
  );

/** What the user typed or chose, per field (numbers as typed). */
export type FormValues = Record<string, string | boolean>;

const FORMATS: ReadonlySet<string> = new Set(['email', 'uri', 'date', 'date-time']);

/**
 * The form's fields in the server's order, or a reason why the schema is not one this renderer
 * can show (the user can then still decline or cancel).
 */
export function formFields(
  schema: Record<string, unknown> | undefined,
  order: readonly string[] = [],
): { fields: Field[] } | { unsupported: string } {
  const properties = schema?.['properties'];
  if (!isRecord(properties)) return { fields: [] };
  const required = new Set(
    Array.isArray(schema?.['required'])
      ? schema['required'].filter((r) => typeof r === 'string')
      : [],
  );
  const names = [...order.filter((n) => n in properties), ...Object.keys(properties)].filter(
    (name, at, all) => all.indexOf(name) === at,
  );
  const fields: Field[] = [];
  for (const name of names) {
    const property = properties[name];
    const field = isRecord(property) ? fieldOf(name, property, required.has(name)) : null;
    if (!field) return { unsupported: `the field "${name}" is of a kind Tether cannot show` };
    fields.push(field);
  }
  return { fields };
}

function fieldOf(name: string, p: Record<string, unknown>, required: boolean): Field | null {
  const common: Common = { name, label: text(p['title']) ?? name, required };
  const description = text(p['description']);
  if (description) common.description = description;
  const options = optionsOf(p);
  if (options) {
    const initial = text(p['default']);
    return {
      ...common,
      kind: 'choice',
      options,
      initial: options.some((o) => o.value === initial) ? initial! : '',
    };
  }
  switch (p['type']) {
    case 'string': {
      const format = text(p['format']);
      return {
        ...common,
        kind: 'text',
        ...(format && FORMATS.has(format) ? { format: format as TextFormat } : {}),
        ...bound('minLength', p['minLength']),
        ...bound('maxLength', p['maxLength']),
        initial: text(p['default']) ?? '',
      };
    }
    case 'number':
    case 'integer':
      return {
        ...common,
        kind: 'number',
        integer: p['type'] === 'integer',
        ...bound('minimum', p['minimum']),
        ...bound('maximum', p['maximum']),
        initial: typeof p['default'] === 'number' ? String(p['default']) : '',
      };
    case 'boolean':
      return { ...common, kind: 'boolean', initial: p['default'] === true };
    default:
      return null;
  }
}

function optionsOf(p: Record<string, unknown>): Option[] | null {
  if (Array.isArray(p['enum'])) {
    const names = Array.isArray(p['enumNames']) ? p['enumNames'] : [];
    return p['enum']
      .filter((v): v is string => typeof v === 'string')
      .map((value, at) => ({ value, label: text(names[at]) ?? value }));
  }
  const oneOf = p['oneOf'] ?? p['anyOf'];
  if (p['type'] === 'string' && Array.isArray(oneOf)) {
    return oneOf.filter(isRecord).flatMap((o) => {
      const value = text(o['const']);
      return value === null ? [] : [{ value, label: text(o['title']) ?? value }];
    });
  }
  return null;
}

export function initialValues(fields: readonly Field[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, f.initial]));
}

/** What is wrong with each field's value, by field name; empty when the form can be sent. */
export function formErrors(fields: readonly Field[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const problem = fieldError(field, values[field.name] ?? field.initial);
    if (problem) errors[field.name] = `${field.label} ${problem}.`;
  }
  return errors;
}

function fieldError(field: Field, value: string | boolean): string | null {
  if (field.kind === 'boolean' || typeof value === 'boolean') return null;
  if (value.trim() === '') return field.required ? 'is required' : null;
  switch (field.kind) {
    case 'choice':
      return field.options.some((o) => o.value === value) ? null : 'must be one of the choices';
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n)) return 'must be a number';
      if (field.integer && !Number.isInteger(n)) return 'must be a whole number';
      if (field.minimum !== undefined && n < field.minimum)
        return `must be at least ${field.minimum}`;
      if (field.maximum !== undefined && n > field.maximum)
        return `must be at most ${field.maximum}`;
      return null;
    }
    case 'text': {
      const length = [...value].length;
      if (field.minLength !== undefined && length < field.minLength)
        return `needs at least ${field.minLength} characters`;
      if (field.maxLength !== undefined && length > field.maxLength)
        return `takes at most ${field.maxLength} characters`;
      return field.format ? formatError(field.format, value) : null;
    }
  }
}

function formatError(format: TextFormat, value: string): string | null {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'must be an email address';
    case 'uri':
      return /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && URL.canParse(value)
        ? null
        : 'must be a URL, such as https://example.com';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'must be a date';
    case 'date-time':
      return Number.isNaN(Date.parse(value)) ? 'must be a date and time' : null;
  }
}

/**
 * What Accept sends: each filled field as its type (numbers as numbers, a date and time as an
 * RFC 3339 instant), booleans always; empty optional fields are left out. Call with values that
 * have no `formErrors`.
 */
export function formContent(fields: readonly Field[], values: FormValues): ElicitationContent {
  const content: ElicitationContent = {};
  for (const field of fields) {
    const value = values[field.name] ?? field.initial;
    if (typeof value === 'boolean') {
      content[field.name] = value;
      continue;
    }
    if (value.trim() === '') continue;
    if (field.kind === 'number') content[field.name] = Number(value);
    else if (field.kind === 'text' && field.format === 'date-time')
      content[field.name] = new Date(value).toISOString();
    else content[field.name] = value;
  }
  return content;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function bound<K extends string>(key: K, value: unknown): Partial<Record<K, number>> {
  return typeof value === 'number' && Number.isFinite(value)
    ? ({ [key]: value } as Record<K, number>)
    : {};
}
