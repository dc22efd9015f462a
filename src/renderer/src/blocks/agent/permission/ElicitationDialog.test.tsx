// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { AGENT_ID, renderBlock } from '../testing/render-block';
import { KEY_GUARD_MS } from './use-answer-guard';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Elicitation = AgentEvent & { type: 'elicitation_request' };

// The schema of the test MCP server (test/support/elicit-mcp-server.mjs), as the CLI forwards it,
// with one field of each other kind MCP allows.
const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Who you are', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    subscribe: { type: 'boolean', title: 'Subscribe', default: false },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], enumNames: ['Free', 'Pro'] },
    size: {
      type: 'string',
      title: 'Size',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    born: { type: 'string', title: 'Born', format: 'date' },
    home: { type: 'string', title: 'Home page', format: 'uri', maxLength: 40 },
    ratio: { type: 'number', title: 'Ratio', maximum: 1 },
  },
  required: ['name'],
};

const form = (extra: Partial<Elicitation> = {}): Elicitation => ({
  type: 'elicitation_request',
  request_id: 'e1',
  server_name: 'elicit',
  message: 'Please tell us about yourself.',
  mode: 'form',
  requested_schema: SCHEMA,
  property_order: Object.keys(SCHEMA.properties),
  ...extra,
});

const dialog = () => screen.getByRole('dialog', { name: 'Form from elicit' });
// A required field's label ends in " *".
const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}( \\*)?$`));
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

/** What the block asks the host to send for the form. */
const sent = (decision: unknown) => ({ agentId: AGENT_ID, requestId: 'e1', decision });

async function withForm(event: AgentEvent = form()) {
  const block = await renderBlock();
  screen.getByRole('textbox', { name: 'Message Claude' }).focus();
  await block.push(event);
  return block;
}

describe('ElicitationDialog: an MCP server’s form', () => {
  it('shows each field as its kind, in the server’s order, with the server’s message', async () => {
    await withForm();
    expect(dialog().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Please tell us about yourself.')).toBeTruthy();
    expect(screen.getByText('MCP server elicit')).toBeTruthy();
    expect((field('Name') as HTMLInputElement).type).toBe('text');
    expect(field('Name').getAttribute('aria-required')).toBe('true');
    expect(field('Name').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Who you are')).toBeTruthy();
    expect((field('Email') as HTMLInputElement).type).toBe('email');
    expect((field('Age') as HTMLInputElement).inputMode).toBe('numeric');
    expect((field('Subscribe') as HTMLInputElement).type).toBe('checkbox');
    expect((field('Born') as HTMLInputElement).type).toBe('date');
    expect((field('Home page') as HTMLInputElement).type).toBe('url');
    const plan = field('Plan') as HTMLSelectElement;
    expect([...plan.options].map((o) => o.text)).toEqual(['(none)', 'Free', 'Pro']);
    const size = field('Size') as HTMLSelectElement;
    expect([...size.options].map((o) => [o.value, o.text])).toEqual([
      ['', '(none)'],
      ['s', 'Small'],
      ['l', 'Large'],
    ]);
    // Tab order: the fields as listed, then Accept, Decline, Cancel.
    const tabbable = [...dialog().querySelectorAll<HTMLElement>('input, select, button')].map(
      (element) => element.id || element.textContent,
    );
    expect(tabbable.slice(-3)).toEqual(['Accept', 'Decline', 'Cancel']);
    const order = ['Name', 'Email', 'Age', 'Subscribe', 'Plan', 'Size', 'Born', 'Home page'];
    expect(tabbable.slice(0, order.length)).toEqual(order.map((label) => field(label).id));
  });

  it('takes the focus, and sends the typed values as their types on Accept', async () => {
    const { host, settle } = await withForm();
    expect(document.activeElement).toBe(dialog());
    type('Name', 'Ada Lovelace');
    type('Email', 'ada@example.com');
    type('Age', '36');
    fireEvent.click(field('Subscribe'));
    fireEvent.change(field('Plan'), { target: { value: 'pro' } });
    type('Ratio', '0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      sent({
        behavior: 'accept',
        content: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          age: 36,
          subscribe: true,
          plan: 'pro',
          ratio: 0.5,
        },
      }),
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what is wrong before Accept sends anything, and focuses the first wrong field', async () => {
    const { host, settle } = await withForm();
    type('Email', 'not an address');
    type('Age', '3.5');
    type('Home page', 'example.com');
    type('Ratio', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([]);
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Email must be an email address.')).toBeTruthy();
    expect(screen.getByText('Age must be a whole number.')).toBeTruthy();
    expect(screen.getByText('Home page must be a URL, such as https://example.com.')).toBeTruthy();
    expect(screen.getByText('Ratio must be at most 1.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('5 fields need a change before Accept.');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));

    // Fixed, the messages go as the user types, and the form goes.
    type('Name', 'A');
    expect(screen.getByText('Name needs at least 2 characters.')).toBeTruthy();
    type('Name', 'Al');
    type('Email', '');
    type('Age', '150');
    type('Home page', 'https://example.com');
    type('Ratio', '');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      sent({
        behavior: 'accept',
        content: { name: 'Al', age: 150, subscribe: false, home: 'https://example.com' },
      }),
    ]);
  });

  it('Enter in a field accepts and Esc cancels, both only once keys are armed', async () => {
    const { host, settle } = await withForm();
    type('Name', 'Ada');
    fireEvent.keyDown(field('Name'), { key: 'Enter' });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([]);
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(field('Name'), { key: 'Enter' });
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([
      sent({ behavior: 'accept', content: { name: 'Ada', subscribe: false } }),
    ]);
  });

  it('Esc cancels; Decline declines', async () => {
    const first = await withForm();
    await first.settle(KEY_GUARD_MS);
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await first.settle();
    expect(first.host.paramsOf('answerPermission')).toEqual([sent({ behavior: 'cancel' })]);
    cleanup();
    const second = await withForm();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await second.settle();
    expect(second.host.paramsOf('answerPermission')).toEqual([sent({ behavior: 'decline' })]);
  });

  it('closes when the CLI withdraws the form', async () => {
    const { push } = await withForm();
    await push({ type: 'permission_cancelled', request_id: 'e1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a schema it cannot show says so and still lets the user decline', async () => {
    const { host, settle } = await withForm(
      form({
        requested_schema: { type: 'object', properties: { tags: { type: 'array' } } },
        property_order: ['tags'],
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'This form cannot be shown: the field "tags" is of a kind Tether cannot show.',
    );
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await settle();
    expect(host.paramsOf('answerPermission')).toHaveLength(1);
  });
});

describe('ElicitationDialog: a link to open', () => {
  const link = (url: string): Elicitation =>
    form({
      mode: 'url',
      message: 'Please confirm on the consent page.',
      url,
      requested_schema: undefined,
      property_order: undefined,
    });

  it('shows the URL; Open opens it through the safe path and accepts', async () => {
    const { host, settle } = await withForm(link('https://example.com/consent'));
    const linkDialog = screen.getByRole('dialog', { name: 'Link from elicit' });
    expect(linkDialog.textContent).toContain('https://example.com/consent');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await settle();
    expect(host.paramsOf('openExternal')).toEqual([{ url: 'https://example.com/consent' }]);
    expect(host.paramsOf('answerPermission')).toEqual([sent({ behavior: 'accept' })]);
  });

  it('never opens a link that is not plain http(s): Open is off, Decline still answers', async () => {
    const { host, settle } = await withForm(link('file:///etc/passwd'));
    expect(screen.getByRole('alert').textContent).toContain('this one stays closed');
    const open = screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    await settle(KEY_GUARD_MS);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter' });
    await settle();
    expect(host.paramsOf('openExternal')).toEqual([]);
    expect(host.paramsOf('answerPermission')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await settle();
    expect(host.paramsOf('answerPermission')).toEqual([sent({ behavior: 'decline' })]);
  });
});
