import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installFakeGh } from '#test/support/fake-gh';
import { textReply } from '#test/support/fake-anthropic';
import { agents, row, runCommand, runInTerminal, screenshot } from './support/app-page';
import { composer, expect, test, transcript } from './support/agent-mode';

// GitHub cannot be reached here: the host finds the stand-in gh first on its PATH, and the
// spec changes what it answers (logged out, a pull request's checks) between steps.
const fakeGh = installFakeGh(mkdtempSync(join(tmpdir(), 'tether-fake-gh-')));
test.use({ hostEnv: { PATH: fakeGh.path() } });

test('a worktree agent’s work goes to a pushed branch and a pull request without a terminal', async ({
  page,
  agentMode,
}) => {
  agentMode.script(({ body }) => {
    const asked = JSON.stringify(body);
    return textReply(
      asked.includes('AssertionError: 2 !== 3')
        ? 'I will fix the failing test.'
        : 'I added a second line to the notes. The rest is unchanged.',
    );
  });
  await page.goto(agentMode.browserMode.url);
  const terminal = page.getByRole('region', { name: 'Terminal' }).first();
  await expect(terminal.locator('textarea')).toBeFocused();
  // A repository whose origin is a bare repository beside it.
  await runInTerminal(
    page,
    'git init -q --bare -b main origin.git && git init -q -b main repo && cd repo && ' +
      'git config user.name Tester && git config user.email tester@example.com && ' +
      'git remote add origin "$(cd .. && pwd)/origin.git" && echo one > notes.txt && ' +
      'git add . && git commit -q -m first && git push -q -u origin main && echo ready',
  );
  await expect(row(terminal, /^ready\s*$/)).toHaveCount(1);
  await runCommand(page, 'New agent in worktree');
  const agent = agents(page);
  const badge = agent.getByRole('group', { name: 'Worktree' });
  await expect(badge).toContainText(/tether\/agent-[a-z0-9]{4}/);
  const branch = /tether\/agent-[a-z0-9]{4}/.exec((await badge.textContent()) ?? '')![0];
  await composer(agent).fill('Add a line to the notes');
  await page.keyboard.press('Enter');
  await expect(transcript(agent).getByText('I added a second line')).toBeVisible();
  await terminal.locator('textarea').focus();
  await runInTerminal(page, `echo two >> ../repo.worktrees/${branch.slice(7)}/notes.txt`);
  await expect(badge).toContainText('+1 −0');

  // Commit: the message proposed from the session, the files listed.
  const header = agent.getByRole('group', { name: 'Pull request' });
  await header.getByRole('button', { name: 'Commit', exact: true }).click();
  const commit = page.getByRole('dialog', { name: `Commit to ${branch}` });
  const message = commit.getByRole('textbox', { name: 'Commit message' });
  await expect(message).toBeFocused();
  await expect(message).toHaveValue(
    'Add a line to the notes\n\n- I added a second line to the notes.\n',
  );
  await expect(commit.getByRole('list', { name: 'Files to commit' })).toHaveText('notes.txt');
  await screenshot(page, 'worktree-pr-commit');
  await commit.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(header.getByRole('status')).toContainText(`Committed 1 file to ${branch}`);

  // Push: a new upstream on origin, and the commit is there.
  await header.getByRole('button', { name: 'Push' }).click();
  await expect(header.getByRole('status')).toContainText(`Pushed ${branch} to origin/${branch}`);
  const origin = join(agentMode.browserMode.workspaceDir, 'origin.git');
  expect(
    execFileSync('git', ['--git-dir', origin, 'log', '-1', '--format=%s', branch], {
      encoding: 'utf8',
    }).trim(),
  ).toBe('Add a line to the notes');

  // gh logged out: one sentence, nothing else asked of it.
  fakeGh.setState({ loggedIn: false });
  await header.getByRole('button', { name: 'Create pull request' }).click();
  const create = page.getByRole('dialog', { name: 'Create pull request' });
  await expect(create.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Add a line to the notes',
  );
  await create.getByRole('button', { name: 'Create pull request' }).click();
  await expect(create.getByRole('alert')).toHaveText('gh is not logged in: run gh auth login');
  expect(fakeGh.calls().filter((call) => call[1] === 'create')).toEqual([]);
  await screenshot(page, 'worktree-pr-not-logged-in');

  // Logged in: a draft pull request, shown in the header.
  fakeGh.setState({ loggedIn: true });
  await create.getByRole('checkbox', { name: 'Draft' }).check();
  await create.getByRole('button', { name: 'Create pull request' }).click();
  await expect(create).toHaveCount(0);
  await expect(header).toContainText('#1 draft');
  expect(fakeGh.calls().find((call) => call[1] === 'create')).toEqual([
    'pr',
    'create',
    '--head',
    branch,
    '--base',
    'main',
    '--title=Add a line to the notes',
    '--body=## What changed\n\n- I added a second line to the notes.\n',
    '--draft',
  ]);
  await screenshot(page, 'worktree-pr-header');

  // Open pull request: in browser mode the page opens it in a new tab.
  await page.context().route('https://github.com/**', (route) => route.fulfill({ body: 'PR' }));
  const popup = page.waitForEvent('popup');
  await header.getByRole('button', { name: 'Open pull request' }).click();
  await expect.poll(async () => (await popup).url()).toBe(fakeGh.state().pr!.url);
  await (await popup).close();

  // A check fails: the header says so once it asks again, and Claude gets the check and its log.
  const link = 'https://github.com/tester/project/actions/runs/123/job/456';
  fakeGh.setState({
    checks: [
      { name: 'lint', state: 'SUCCESS', bucket: 'pass', link: 'https://github.com/x/1' },
      { name: 'test', state: 'FAILURE', bucket: 'fail', link },
    ],
    failedLog: 'test\tRun npm test\tAssertionError: 2 !== 3\n',
  });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(header).toContainText('#1 draft · a check failed');
  await header.getByRole('button', { name: 'Ask Claude to fix the failing check' }).click();
  await expect(transcript(agent).getByText('I will fix the failing test.')).toBeVisible();
  await expect(transcript(agent)).toContainText('The check "test" failed');
  expect(fakeGh.calls()).toContainEqual(['run', 'view', '123', '--log-failed']);
  await screenshot(page, 'worktree-pr-failing-check');
});
