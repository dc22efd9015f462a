// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '../../blocks/agent/testing/fake-host';
import { SshAsks } from './SshAsks';
import { useSshAsks, type SshAsk } from './use-ssh-asks';

afterEach(cleanup);

/** The dialog as the workspace shows it: the oldest question, while any waits. */
function Asks({ host }: { host: FakeHost }) {
  const asks = useSshAsks(host.api);
  return asks.current ? (
    <SshAsks ask={asks.current} waiting={asks.waiting} answer={asks.answer} />
  ) : null;
}

function setUp() {
  const host = new FakeHost();
  host.replies.answerSshAsk = { answered: true };
  render(<Asks host={host} />);
  const ask = (question: SshAsk) => act(() => host.emit('sshAsk', question));
  return { host, ask, user: userEvent.setup() };
}

const fingerprint =
  "The authenticity of host 'devbox (10.0.0.5)' can't be established.\n" +
  'ED25519 key fingerprint is SHA256:<b>x</b>+Qm4t1rXyZ.\nAre you sure you want to continue connecting (yes/no/[fingerprint])? ';

describe('SSH asks', () => {
  it('shows a question asked before the page loaded (a reload while ssh waited)', async () => {
    const host = new FakeHost();
    const waiting = {
      askId: 'w1',
      host: 'devbox',
      prompt: "ada@devbox's password: ",
      kind: 'secret',
    };
    host.replies.pendingSshAsks = { asks: [waiting] };
    render(<Asks host={host} />);
    expect(await screen.findByRole('dialog', { name: 'SSH asks' })).toBeTruthy();
    expect(screen.getByLabelText("ada@devbox's password:")).toBeTruthy();
  });

  it('asks for a secret in a password field named after the prompt, and OK answers it', async () => {
    const { host, ask, user } = setUp();
    ask({ askId: 'a1', host: 'devbox', prompt: "ada@devbox's password: ", kind: 'secret' });
    const dialog = screen.getByRole('dialog', { name: 'SSH asks' });
    expect(dialog.textContent).toContain('devbox');
    const field = screen.getByLabelText("ada@devbox's password:") as HTMLInputElement;
    expect(field.type).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.keyboard('hunter2');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(host.paramsOf('answerSshAsk')).toEqual([{ askId: 'a1', answer: 'hunter2' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names a secret field "Answer" when ssh gave no prompt', () => {
    const { ask } = setUp();
    ask({ askId: 'a1', host: 'devbox', prompt: '', kind: 'secret' });
    expect((screen.getByLabelText('Answer') as HTMLInputElement).type).toBe('password');
  });

  it('shows a host key question verbatim, as text, and Yes answers "yes"', async () => {
    const { host, ask, user } = setUp();
    ask({ askId: 'k1', host: 'devbox', prompt: fingerprint, kind: 'confirm' });
    const prompt = screen.getByText(/ED25519 key fingerprint/);
    expect(prompt.textContent).toBe(fingerprint.trim());
    expect(prompt.querySelector('b')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(host.paramsOf('answerSshAsk')).toEqual([{ askId: 'k1', answer: 'yes' }]);
  });

  it('Cancel and Escape answer null, a click beside it nothing; a notice offers only Cancel', async () => {
    const { host, ask, user } = setUp();
    ask({ askId: 'n1', host: 'devbox', prompt: 'Confirm user presence for key', kind: 'notice' });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel']);
    fireEvent.mouseDown(document.querySelector('.palette-backdrop')!);
    expect(host.paramsOf('answerSshAsk')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    ask({ askId: 'k2', host: 'devbox', prompt: fingerprint, kind: 'confirm' });
    await user.keyboard('{Escape}');
    expect(host.paramsOf('answerSshAsk')).toEqual([
      { askId: 'n1', answer: null },
      { askId: 'k2', answer: null },
    ]);
  });

  it('queues questions, one at a time, and drops one ssh stopped waiting for', async () => {
    const { host, ask, user } = setUp();
    ask({ askId: 'a', host: 'one', prompt: 'first?', kind: 'confirm' });
    ask({ askId: 'b', host: 'two', prompt: 'second?', kind: 'confirm' });
    ask({ askId: 'c', host: 'three', prompt: 'third?', kind: 'confirm' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('first?')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('1 of 3');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByText('second?')).toBeTruthy();
    act(() => host.emit('sshAskDone', { askId: 'b' }));
    expect(screen.getByText('third?')).toBeTruthy();
    act(() => host.emit('sshAskDone', { askId: 'c' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.paramsOf('answerSshAsk')).toEqual([{ askId: 'a', answer: 'no' }]);
  });
});
