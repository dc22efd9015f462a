import { afterEach, describe, expect, it } from 'vitest';
import { until } from '#test/support/until';
import { endShells, mark, marksIn, startShell } from './testing/shell-in-pty';

// The real bash in a real pty, with a throwaway HOME whose .bashrc must still run.

afterEach(endShells);

const startBash = (bashrc: string, shellIntegration = true) =>
  startShell('/bin/bash', { '.bashrc': bashrc }, shellIntegration);

describe('bash shell integration', () => {
  it('marks the prompt, the command line, its output, its exit code and the folder', async () => {
    const { session, home, text } = startBash("PS1='user-prompt$ '\n");
    await until(() => text().includes('633;B'), 'the first prompt');
    session.write('mkdir sub; cd sub; echo out-$((6*7)); ls /nonexistent-dir\r');
    await until(() => marksIn(text()).filter((m) => m === 'B').length === 2, 'the next prompt');

    expect(marksIn(text())).toEqual([
      `P;Cwd=${home}`,
      'A',
      'B',
      'E;mkdir sub\\x3b cd sub\\x3b echo out-$((6*7))\\x3b ls /nonexistent-dir',
      'C',
      'D;2',
      `P;Cwd=${home}/sub`,
      'A',
      'B',
    ]);
    // The output sits between C and D; the user's own prompt is kept inside A and B.
    const after = text().split(mark('C'))[1]!;
    expect(after.split(mark('D;2'))[0]).toMatch(/out-42[\s\S]*No such file/);
    expect(text()).toContain(`${mark('A')}user-prompt$ ${mark('B')}`);
  });

  it("still runs the user's .bashrc and their PROMPT_COMMAND, with the right exit status", async () => {
    const { session, text } = startBash(
      [
        // The strictest rc files: nothing the integration reads may be unset.
        'set -u',
        'export FROM_BASHRC=loaded',
        'alias greet="echo hello-from-alias"',
        'PROMPT_COMMAND=\'echo "last=$?"\'',
      ].join('\n'),
    );
    await until(() => text().includes('633;B'), 'the first prompt');
    session.write('greet; echo "var=$FROM_BASHRC"; false\r');
    await until(() => text().includes('633;D;1'), 'the command to finish');
    await until(() => /last=1/.test(text()), "the user's prompt command");
    expect(text()).not.toContain('unbound variable');
    expect(text()).toContain('hello-from-alias');
    expect(text()).toContain('var=loaded');
    expect(marksIn(text())).toContain('E;greet\\x3b echo "var=$FROM_BASHRC"\\x3b false');
  });

  it('an empty line is no command: no finish mark, just a new prompt', async () => {
    const { session, text } = startBash('');
    await until(() => text().includes('633;B'), 'the first prompt');
    session.write('\r');
    await until(() => marksIn(text()).filter((m) => m === 'B').length === 2, 'the next prompt');
    expect(marksIn(text()).filter((m) => /^[CDE]/.test(m))).toEqual([]);
  });

  it('without integration bash starts as it always did', async () => {
    const { session, text } = startBash('export FROM_BASHRC=loaded\n', false);
    session.write('echo "var=$FROM_BASHRC"\r');
    await until(() => text().includes('var=loaded'), 'the output');
    expect(text()).not.toContain('633;');
  });
});
