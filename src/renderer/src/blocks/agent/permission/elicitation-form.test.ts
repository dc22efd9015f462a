import { describe, expect, it } from 'vitest';
import { formContent, formErrors, formFields, initialValues, type Field } from './elicitation-form';

function fieldsOf(schema: Record<string, unknown>, order?: string[]): Field[] {
  const form = formFields(schema, order);
  if (!('fields' in form)) throw new Error(form.unsupported);
  return form.fields;
}

describe('elicitation forms', () => {
  it('orders fields as the server listed them, then any it left out', () => {
    const fields = fieldsOf(
      { type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } },
      ['a', 'gone'],
    );
    expect(fields.map((f) => f.name)).toEqual(['a', 'b']);
  });

  it('starts from the schema’s defaults, and a default outside the choices is no choice', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: {
        n: { type: 'number', default: 3 },
        on: { type: 'boolean', default: true },
        pick: { type: 'string', enum: ['x'], default: 'y' },
        text: { type: 'string', default: 'hi' },
      },
    });
    expect(initialValues(fields)).toEqual({ n: '3', on: true, pick: '', text: 'hi' });
  });

  it('sends a date as typed and a date and time as an RFC 3339 instant', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: {
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
      },
    });
    const values = { day: '2026-12-01', at: '2026-12-01T10:30' };
    expect(formErrors(fields, values)).toEqual({});
    expect(formContent(fields, values)).toEqual({
      day: '2026-12-01',
      at: new Date('2026-12-01T10:30').toISOString(),
    });
    expect(formErrors(fields, { day: '1 Dec', at: 'soon' })).toEqual({
      day: 'day must be a date.',
      at: 'at must be a date and time.',
    });
  });

  it('counts characters, not UTF-16 units, against the length bounds', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: { code: { type: 'string', title: 'Code', minLength: 2, maxLength: 2 } },
    });
    expect(formErrors(fields, { code: '𝔘𝔫' })).toEqual({});
    expect(formErrors(fields, { code: '𝔘' })).toEqual({
      code: 'Code needs at least 2 characters.',
    });
  });

  it('names a field of a kind it cannot show, and takes a schema without properties as empty', () => {
    expect(
      formFields({
        type: 'object',
        properties: { list: { type: 'array' }, ok: { type: 'string' } },
      }),
    ).toEqual({ unsupported: 'the field "list" is of a kind Tether cannot show' });
    expect(formFields(undefined)).toEqual({ fields: [] });
  });
});
