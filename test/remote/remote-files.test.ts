import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import { RemoteFiles, SCRIPTS, type RemoteCommands } from '../../src/main/git/remote-files';
import { runGit } from '../../src/main/git/git';
import { remoteCommandLine } from '../../src/shared/remote-command-line';
import {
  createWorktree,
  discardWorktree,
  mergeWorktree,
  worktreeLeftovers,
  worktreeStat,
} from '../../src/main/git/worktrees';
import { AgentRegistry } from '../../src/main/host/agent-registry';
import { replacementOf, revertReplacement } from '../../src/main/host/edit-revert';
import { composerHandlers } from '../../src/main/host/handlers/composer';
import { reviewHandlers } from '../../src/main/host/handlers/review';
import { worktreeHandlers } from '../../src/main/host/handlers/worktree';
import { worktreeListHandlers } from '../../src/main/host/handlers/worktree-list';
import { worktreeSetupHandlers } from '../../src/main/host/handlers/worktree-setup';
import { SettingsFile } from '../../src/main/host/settings';
import { LaunchContext } from '../../src/main/host/launch-context';
import { FileIndex } from '../../src/main/host/file-index';
import { listRemoteFolder } from '../../src/main/host/folder-listing';
import { remoteSessionHost } from '../../src/main/remote/remote-agent';
import {
  connect,
  runSsh,
  sshCommand,
  type SshSettings,
} from '../../src/main/remote/ssh-connection';
import { parseTarget } from '../../src/main/remote/ssh-hosts';
import { posixQuote } from '../../src/shared/posix-quote';
import { markerCommand } from '#test/support/git-sandbox';
import { keygen, sshUnavailable, startSshServer, type SshServer } from '#test/support/ssh-server';

const reason = sshUnavailable();

/** The host alias whose sessions see the remote-only folder (see beforeAll). */
const HOST = 'tether-files';
/** A name for the repository that a shell reading it unquoted would run something for. */
const PROJECT = `pro'ject $(touch pwned) ;x`;

describe.skipIf(reason)(reason ? `remote files: skipped, ${reason}` : 'remote files', () => {
  let server: SshServer;
  let settings: SshSettings;
  let commands: RemoteCommands;
  let files: RemoteFiles;
  /** A folder every session on HOST sees with the remote's files in it, and this machine empty. */
  let view: string;
  let repo: string;

  /** Runs `script` under sh on the remote with `args` as its parameters; its stdout. */
  const remote = async (script: string, ...args: string[]) => {
    const line = ['sh', '-c', script, 'sh', ...args].map(posixQuote).join(' ');
    const result = await runSsh(await commands.command(HOST, line));
    if (result.code !== 0) throw new Error(`remote ${script}: ${result.stderr}`);
    return result.stdout;
  };

  let store: string | undefined;

  beforeAll(async () => {
    server = await startSshServer();
    // The sshd runs on this machine, so the remote user's files would be on this disk too: every
    // session on HOST runs in a mount namespace of its own where `view` shows a store folder in
    // that user's home. Here `view` stays empty: code that read this disk instead of the host's
    // would find nothing.
    view = join(server.dir, 'view');
    mkdirSync(view, { mode: 0o755 });
    store = join(server.home, `store-${process.pid}`);
    const enter = join(server.dir, 'enter-view.sh');
    writeFileSync(
      enter,
      [
        '#!/bin/sh',
        `mkdir -p ${posixQuote(store)}`,
        `exec unshare -rm sh -c 'mount --bind "$1" "$2" && exec bash -c "$SSH_ORIGINAL_COMMAND"' sh ${posixQuote(store)} ${posixQuote(view)}`,
        '',
      ].join('\n'),
    );
    chmodSync(enter, 0o755);
    const key = join(server.dir, 'files_ed25519');
    keygen(key);
    server.authorize(`command="${enter}" ${readFileSync(`${key}.pub`, 'utf8')}`);
    server.addHost(HOST, [`IdentityFile ${key}`]);
    // A control folder of its own: a master opened with the plain key would not enter the view.
    settings = server.settings();
    commands = {
      command: async (host, line) =>
        sshCommand(parseTarget(host), settings, { kind: 'pipe', command: line }),
    };
    await connect(parseTarget(HOST), settings);
    files = new RemoteFiles(HOST, commands);
    repo = `${view}/${PROJECT}`;
    await remote(
      [
        'git config --global user.name Remote',
        'git config --global user.email remote@example.com',
        'mkdir -p "$1" && cd "$1" && git init -q -b main',
        'printf "one\\ntwo\\nthree\\n" > notes.txt',
        'printf "ignored.log\\n" > .gitignore',
        'git add . && git commit -q -m first',
        'printf "x\\n" > untracked.txt && printf "x\\n" > ignored.log',
      ].join('\n'),
      repo,
    );
  });

  afterAll(async () => {
    await server?.stop();
    // The store is the remote user's, in a home other runs share: it goes with the run.
    if (store) rmSync(store, { recursive: true, force: true });
  });

  it('reaches the files only on the host: this disk has none of them', async () => {
    expect(await files.exists(`${repo}/notes.txt`)).toBe(true);
    expect(existsSync(join(repo, 'notes.txt'))).toBe(false);
    expect(readdirSync(view)).toEqual([]);
    // The remote user's home, not this one's.
    expect(await files.home()).toBe(server.home);
  });

  it('reverts a hunk in a file there, and nothing in a name is run', async () => {
    const file = `${repo}/it's $(touch pwned).txt`;
    await remote('printf "alpha\\nBETA\\ngamma\\n" > "$1"', file);
    const edit = {
      type: 'tool_use',
      id: 'e1',
      name: 'Edit',
      input: { file_path: file, old_string: 'beta', new_string: 'BETA' },
      parent_tool_use_id: null,
    } as unknown as AgentEvent & { type: 'tool_use' };
    const replacement = replacementOf(edit, 0);
    if (typeof replacement === 'string') throw new Error(replacement);
    await revertReplacement(replacement, files);
    expect(await remote('cat "$1"', file)).toBe('alpha\nbeta\ngamma\n');
    // Once reverted, the edited text is gone: a second revert changes nothing and says why.
    await expect(revertReplacement(replacement, files)).rejects.toThrow(
      'has changed since: the edited text is not in it any more',
    );
    await expect(
      revertReplacement({ ...replacement, path: `${repo}/missing.txt` }, files),
    ).rejects.toThrow(`${repo}/missing.txt on ${HOST} cannot be read`);
    expect(await remote('find "$1" -name pwned', view)).toBe('');
  });

  it('writes a file there whole or not at all, keeping its mode', async () => {
    const file = `${repo}/config.env`;
    await remote('printf "old\\n" > "$1" && chmod 640 "$1"', file);
    await files.write(file, 'new ✓\n');
    const leftovers = 'ls -a "$(dirname "$1")" | grep -c tether || true';
    expect(await remote(`cat "$1"; stat -c %a "$1"; ${leftovers}`, file)).toBe('new ✓\n640\n0\n');
    // The link drops mid-write: ssh's input ends early, after part of the text.
    const cut = await commands.command(
      HOST,
      remoteCommandLine(SCRIPTS.write, [file, String(Buffer.byteLength('the whole text\n'))]),
    );
    const failed = await runGit(cut, () => 'no ssh', 'the wh').catch((error: unknown) => error);
    expect(String(failed)).toContain('6 of 15 bytes came; it is as it was');
    expect(await remote(`cat "$1"; ${leftovers}`, file)).toBe('new ✓\n0\n');
  });

  it('takes ~ as the home there, as a shell that reports no folder leaves it', async () => {
    const name = `tilde-${process.pid}.txt`;
    await remote('printf "at home\\n" > "$HOME/$1"', name);
    try {
      expect(await files.read(`~/${name}`)).toBe('at home\n');
      expect(await files.realpaths(['~', `~/${name}`])).toEqual([
        server.home,
        `${server.home}/${name}`,
      ]);
      await expect(files.git('~', ['rev-parse', '--is-inside-work-tree'], {})).rejects.toThrow(
        /not a git repository/,
      );
    } finally {
      await remote('rm -f "$HOME/$1"', name);
    }
  });

  it('lists the folder there for @ completion: git in a work tree, find elsewhere', async () => {
    const limits = { maxFiles: 1000, timeMs: 10_000 };
    const listed = await listRemoteFolder(files, repo, limits);
    expect(listed.how).toBe('git');
    // Tracked and untracked, the ignored one left out.
    expect(listed.files).toEqual(expect.arrayContaining(['notes.txt', 'untracked.txt']));
    expect(listed.files).not.toContain('ignored.log');

    const plain = `${view}/plain`;
    await remote(
      'mkdir -p "$1/sub/.git" && touch "$1/a.txt" "$1/sub/b.txt" "$1/sub/.git/c"',
      plain,
    );
    const walked = await listRemoteFolder(files, plain, limits);
    expect(walked.how).toBe('walk');
    expect([...walked.files].sort()).toEqual(['a.txt', 'sub/b.txt']);
    expect((await listRemoteFolder(files, plain, { ...limits, maxFiles: 1 })).truncated).toBe(true);

    // The index answers from the host's listing, kept apart from a folder of the same path here.
    const index = new FileIndex({
      list: async () => ({ files: [], truncated: false, how: 'walk' }),
    });
    const list = (root: string, l: typeof limits) => listRemoteFolder(files, root, l);
    expect(await index.search(repo, 'nots', 50, { host: HOST, list })).toEqual(['notes.txt']);
    expect(await index.search(repo, 'nots')).toEqual([]);
  });

  it('makes a worktree on the repository there, merges one back and discards another', async () => {
    const home = await files.home();
    const made = await createWorktree(repo, { files, home, random: () => 'mrg1' });
    expect(made).toMatchObject({
      host: HOST,
      repo,
      path: `${view}/${PROJECT}.worktrees/agent-mrg1`,
      branch: 'tether/agent-mrg1',
      base: 'main',
      baseIsBranch: true,
    });
    expect(existsSync(made.path)).toBe(false);
    await remote(
      'cd "$1" && printf "made there\\n" > made.txt && git add made.txt && git commit -q -m "agent commit"',
      made.path,
    );
    await remote('cd "$1" && printf "one\\ntwo\\nthree\\nfour\\n" > notes.txt', made.path);
    expect(await worktreeStat(made, { files })).toEqual({
      files: 2,
      insertions: 2,
      deletions: 0,
      untracked: 0,
      commits: 1,
    });
    const merged = await mergeWorktree(made, { files });
    expect(merged.into).toBe('main');
    expect(await remote('cd "$1" && git log --format=%s main && cat made.txt', repo)).toBe(
      'Agent work in tether/agent-mrg1\nagent commit\nfirst\nmade there\n',
    );
    expect(await files.exists(made.path)).toBe(false);

    const other = await createWorktree(repo, { files, home, random: () => 'dsc1' });
    await remote('cd "$1" && printf "left\\n" > left.txt', other.path);
    const leftovers = await worktreeLeftovers(other, { files });
    expect(leftovers).toMatchObject({ uncommittedFiles: ['left.txt'], unmergedTotal: 0 });
    await discardWorktree(other, { files });
    expect(await files.exists(other.path)).toBe(false);
    expect(await remote('cd "$1" && git branch --format="%(refname:short)"', repo)).toBe('main\n');
    expect(await remote('find "$1" -name pwned', view)).toBe('');
  });

  it("runs none of the programs the repository's config names for a read there", async () => {
    const worktree = await createWorktree(repo, { files, home: server.home, random: () => 'cfg1' });
    const marker = `${view}/fsmonitor-ran`;
    await remote('cd "$1" && git config core.fsmonitor "$2"', repo, markerCommand(marker));
    await remote('cd "$1" && printf "x\\n" > new.txt', worktree.path);
    expect(await worktreeStat(worktree, { files })).toMatchObject({ files: 1, untracked: 1 });
    expect((await worktreeLeftovers(worktree, { files })).uncommittedTotal).toBe(1);
    expect(await files.exists(marker)).toBe(false);
    // Plain git there runs it: the repository is armed.
    await remote('cd "$1" && git status >/dev/null', worktree.path);
    expect(await files.exists(marker)).toBe(true);
    await remote('cd "$1" && git config --unset core.fsmonitor && rm "$2"', repo, marker);
    await discardWorktree(worktree, { files });
  });

  it('lists the Tether worktrees there and prunes a gone one, running none of its config', async () => {
    const handlers = worktreeListHandlers(
      new LaunchContext({ shell: { file: 'sh', args: [] } }),
      commands,
    );
    const worktreeHandlersThere = worktreeHandlers(
      new AgentRegistry({ workspaceDir: view, agentLogDir: view }, () => {}),
      new LaunchContext({ shell: { file: 'sh', args: [] } }),
      commands,
    );
    const busy = await worktreeHandlersThere.createWorktree({ cwd: repo, host: HOST });
    const gone = await worktreeHandlersThere.createWorktree({ cwd: repo, host: HOST });
    const marker = `${view}/fsmonitor-ran`;
    await remote('cd "$1" && git config core.fsmonitor "$2"', repo, markerCommand(marker));
    await remote('cd "$1" && printf "x\\n" > new.txt && rm -rf "$2"', busy.path, gone.path);
    const list = await handlers.listWorktrees({ cwd: busy.path, host: HOST });
    const byBranch = new Map(
      list.worktrees.map(({ worktree, ...counts }) => [worktree.branch, counts]),
    );
    expect(Object.fromEntries(byBranch)).toEqual({
      [busy.branch]: { baseAssumed: false, gone: false, ahead: 0, behind: 0, uncommitted: 1 },
      [gone.branch]: { baseAssumed: false, gone: true, ahead: 0, behind: 0, uncommitted: null },
    });
    expect(list.worktrees.every(({ worktree }) => worktree.host === HOST)).toBe(true);
    expect(await files.exists(marker)).toBe(false);
    await handlers.pruneWorktree({ worktree: gone });
    expect((await handlers.listWorktrees({ cwd: repo, host: HOST })).worktrees).toHaveLength(1);
    await remote('cd "$1" && git config --unset core.fsmonitor', repo);
    await discardWorktree(busy, { files });
    await remote('cd "$1" && git branch -D "$2"', repo, gone.branch);
  });

  it('serves the worktree requests on the host a request names, as the page sends them', async () => {
    const local = mkdtempSync(join(tmpdir(), 'tether-remote-files-'));
    try {
      const agents = new AgentRegistry({ workspaceDir: local, agentLogDir: local }, () => {});
      const handlers = worktreeHandlers(
        agents,
        new LaunchContext({ shell: { file: 'sh', args: [] } }),
        commands,
      );
      const worktree = await handlers.createWorktree({ cwd: repo, host: HOST });
      expect(worktree.host).toBe(HOST);
      expect(await files.exists(`${worktree.path}/notes.txt`)).toBe(true);
      expect(await handlers.worktreeStat({ worktree })).toMatchObject({ files: 0, commits: 0 });
      await handlers.discardWorktree({ worktree });
      expect(await files.exists(worktree.path)).toBe(false);
      // The same worktree named without its host is looked for here, where there is none.
      const { host: _host, ...here } = worktree;
      await expect(handlers.worktreeStat({ worktree: here })).rejects.toThrow('is gone');
    } finally {
      rmSync(local, { recursive: true, force: true });
    }
  });

  it('prepares a worktree on the host: its .worktreeinclude files there, its set-up by host', async () => {
    const local = mkdtempSync(join(tmpdir(), 'tether-remote-files-'));
    const launch = new LaunchContext({ shell: { file: 'sh', args: [] } });
    const setup = worktreeSetupHandlers(launch, commands, new SettingsFile(join(local, 's.json')));
    const include = `${repo}/.worktreeinclude`;
    await remote('printf "ignored.log\\nuntracked.txt\\nnotes.txt\\n" > "$1"', include);
    try {
      const saved = await setup.changeWorktreeSetup({
        repo,
        host: HOST,
        command: 'make',
        startAtOnce: false,
      });
      expect(saved).toEqual({ repo, host: HOST, command: 'make', startAtOnce: false });
      // Kept under the host: the same path on this machine would be another repository.
      expect(JSON.parse(readFileSync(join(local, 's.json'), 'utf8')).worktreeSetup).toEqual([
        { repo, host: HOST, command: 'make' },
      ]);
      expect((await setup.worktreeSetup({ cwd: repo, host: HOST })).command).toBe('make');
      const worktree = await createWorktree(repo, { files, home: server.home });
      expect(await setup.prepareWorktree({ worktree })).toEqual({
        copied: ['ignored.log'],
        problem: null,
        setup: { command: 'make', startAtOnce: false },
      });
      expect(await remote('cat "$1"', `${worktree.path}/ignored.log`)).toBe('x\n');
      expect(await files.exists(`${worktree.path}/untracked.txt`)).toBe(false);
      expect(existsSync(join(worktree.path, 'ignored.log'))).toBe(false);
      await discardWorktree(worktree, { files });
    } finally {
      await remote('rm -f "$1"', include);
      rmSync(local, { recursive: true, force: true });
    }
  });

  it("serves Revert hunk, Open in editor, a review comment's lines and the @ index for an agent block on the host", async () => {
    const local = mkdtempSync(join(tmpdir(), 'tether-remote-files-'));
    const agents = new AgentRegistry(
      {
        workspaceDir: local,
        agentLogDir: local,
        // No CLI here: its suggestions fail, so `@` falls back to Tether's index of the folder.
        remoteSession: (host, cwd) =>
          remoteSessionHost({
            connect: () => Promise.reject(new Error('no CLI in this test')),
            cwd,
          }),
      },
      () => {},
    );
    try {
      const file = `${repo}/notes.txt`;
      await remote('printf "one\\nTWO\\nthree\\n" > "$1"', file);
      // The block's log as its agent left it: an Edit of the file there, which succeeded.
      const log = [
        {
          type: 'tool_use',
          id: 'e1',
          name: 'Edit',
          input: { file_path: file, old_string: 'two', new_string: 'TWO' },
        },
        { type: 'tool_result', tool_use_id: 'e1', content: 'ok', is_error: false },
      ].map((event) => `${JSON.stringify({ parent_tool_use_id: null, ...event })}\n`);
      writeFileSync(join(local, 'b1.jsonl'), log.join(''));
      await agents.open({ agentId: 'b1', cwd: repo, host: HOST });
      expect(agents.location('b1')).toEqual({ cwd: repo, host: HOST });

      const launch = new LaunchContext({
        shell: { file: 'sh', args: [] },
        environment: Promise.resolve({ VISUAL: 'subl' }),
      });
      const review = reviewHandlers(agents, launch, { platform: 'linux' }, commands);
      // A review comment's line numbers: where the edit's text is in the host's file.
      expect(
        await review.locateAgentEdit({ agentId: 'b1', toolUseId: 'e1', editIndex: 0 }),
      ).toEqual({ line: 2 });
      expect(
        await review.revertAgentEdit({ agentId: 'b1', toolUseId: 'e1', editIndex: 0 }),
      ).toEqual({ path: file });
      expect(await remote('cat "$1"', file)).toBe('one\ntwo\nthree\n');
      await expect(review.openEditedFile({ agentId: 'b1', toolUseId: 'e1' })).rejects.toThrow(
        `${file} is on ${HOST}, and your editor (subl) cannot open a file there`,
      );

      const composer = composerHandlers(agents, new FileIndex(), commands);
      expect(await composer.suggestAgentFiles({ agentId: 'b1', query: 'untrack' })).toEqual({
        paths: ['untracked.txt'],
        source: 'index',
      });
    } finally {
      await agents.close('b1');
      rmSync(local, { recursive: true, force: true });
    }
  });

  it('refuses the main checkout named as a worktree there, changing nothing', async () => {
    const worktree = await createWorktree(repo, { files, home: server.home, random: () => 'chk1' });
    await expect(discardWorktree({ ...worktree, path: repo }, { files })).rejects.toThrow(
      `${repo} is no longer a worktree of`,
    );
    expect(await files.exists(`${repo}/notes.txt`)).toBe(true);
    await discardWorktree(worktree, { files });
  });
});
