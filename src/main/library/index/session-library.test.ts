import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionLibrary, type ScanProgress, type SessionLibraryOptions } from './session-library';

// Entries shaped as the pinned CLI writes them (see test/conformance/recordings/on-disk).
let clock = Date.parse('2026-03-01T10:00:00Z');
const stamp = () => new Date((clock += 1000)).toISOString();

function prompt(sessionId: string, cwd: string, text: string, extra: object = {}) {
  return {
    parentUuid: null,
    isSidechain: false,
    type: 'user',
    message: { role: 'user', content: text },
    uuid: `u-${clock}`,
    timestamp: stamp(),
    entrypoint: 'cli',
    cwd,
    sessionId,
    version: '2.1.332',
    gitBranch: 'main',
    ...extra,
  };
}

function reply(sessionId: string, cwd: string, id: string, content: object[]) {
  return {
    parentUuid: 'p',
    isSidechain: false,
    type: 'assistant',
    message: { id, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content },
    uuid: `a-${clock}`,
    timestamp: stamp(),
    entrypoint: 'cli',
    cwd,
    sessionId,
    version: '2.1.332',
    gitBranch: 'main',
  };
}

const bookkeeping = (sessionId: string) => ({
  type: 'queue-operation',
  operation: 'enqueue',
  timestamp: stamp(),
  sessionId,
});

const lines = (entries: unknown[]) => entries.map((e) => `${JSON.stringify(e)}\n`).join('');

let root: string;
let claudeDir: string;
let indexDir: string;
const open: SessionLibrary[] = [];

function library(options: Partial<SessionLibraryOptions> = {}): SessionLibrary {
  const lib = new SessionLibrary({
    claudeDir,
    indexDir,
    log: () => {},
    watch: false,
    now: () => Date.parse('2026-06-01T00:00:00Z'),
    isProcessAlive: () => false,
    ...options,
  });
  open.push(lib);
  return lib;
}

/**
 * The CLI names each session file by its session's UUID, and the library lists no other: the
 * tests' short names ('s-old') are spelt into a UUID's last group, and read back out of it.
 */
const sid = (name: string) =>
  `00000000-0000-4000-8000-${Buffer.from(name).toString('hex').padStart(12, '0')}`;
const nameOf = (id: string) => Buffer.from(id.slice(24).replace(/^(00)+/, ''), 'hex').toString();

/** Writes a session; returns its path. The folder is named the CLI's way. */
function writeSession(cwd: string, sessionId: string, entries: object[]): string {
  const dir = join(claudeDir, 'projects', cwd.replace(/[/.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${sid(sessionId)}.jsonl`);
  writeFileSync(path, lines(entries));
  return path;
}

async function scanWithProgress(
  lib: SessionLibrary,
  scan: () => Promise<void>,
): Promise<ScanProgress> {
  let last: ScanProgress | undefined;
  const off = lib.onProgress((p) => (last = p));
  await scan();
  off();
  return last!;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tether-library-'));
  claudeDir = join(root, '.claude');
  indexDir = join(root, 'index');
});

afterEach(async () => {
  for (const lib of open.splice(0)) await lib.dispose();
  chmodSync(root, 0o700);
  rmSync(root, { recursive: true, force: true });
});

describe('SessionLibrary', () => {
  it('lists each session with what its entries say, newest first', async () => {
    writeSession('/home/ada/shop', 's-old', [
      bookkeeping('s-old'),
      prompt('s-old', '/home/ada/shop', 'Fix the checkout total\nit rounds wrong'),
      reply('s-old', '/home/ada/shop', 'm1', [{ type: 'text', text: 'Looking at cart.ts' }]),
      reply('s-old', '/home/ada/shop', 'm1', [
        {
          type: 'tool_use',
          id: 't1',
          name: 'Read',
          input: { file_path: '/home/ada/shop/cart.ts' },
        },
      ]),
      prompt('s-old', '/home/ada/shop', 'thanks', {}),
    ]);
    writeSession('/home/ada/my-blog', 's-new', [
      prompt('s-new', '/home/ada/my-blog', 'Write a post', {
        entrypoint: 'claude-vscode',
        gitBranch: 'draft',
      }),
      { type: 'ai-title', aiTitle: 'Drafting a blog post', sessionId: 's-new' },
    ]);
    const lib = library();
    await lib.start();
    const [first, second] = lib.list();
    expect(first).toMatchObject({
      sessionId: sid('s-new'),
      project: '/home/ada/my-blog', // the real folder: the encoded name lost the dash
      title: 'Drafting a blog post',
      messages: 1,
      gitBranch: 'draft',
      entrypoint: 'claude-vscode',
      live: false,
    });
    expect(second).toMatchObject({
      sessionId: sid('s-old'),
      project: '/home/ada/shop',
      title: 'Fix the checkout total',
      messages: 3, // two prompts and one reply written as two entries
      model: 'claude-opus-5-5',
      entrypoint: 'cli',
      version: '2.1.332',
    });
    expect(second!.firstAt).toBeLessThan(second!.lastAt!);
    expect(lib.projects().map((p) => p.project)).toEqual(['/home/ada/my-blog', '/home/ada/shop']);
  });

  it('prefers the name the user gave over the CLI’s title and the older CLIs’ summary', async () => {
    writeSession('/w', 's', [
      { type: 'summary', summary: 'Old summary', leafUuid: 'x' },
      prompt('s', '/w', 'first prompt'),
      { type: 'ai-title', aiTitle: 'AI title', sessionId: 's' },
      { type: 'custom-title', customTitle: 'My name for it', sessionId: 's' },
    ]);
    const lib = library();
    await lib.start();
    expect(lib.list()[0]!.title).toBe('My name for it');
  });

  it('finds a session by a word of a reply, a tool input or a tool output, with a marked snippet', async () => {
    writeSession('/w', 'reply', [
      prompt('reply', '/w', 'hello'),
      reply('reply', '/w', 'm1', [
        { type: 'text', text: 'The answer involves a pelican crossing the bridge at dawn.' },
      ]),
    ]);
    writeSession('/w', 'tool', [
      prompt('tool', '/w', 'run it'),
      reply('tool', '/w', 'm2', [
        { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'grep -r zebrafish src' } },
      ]),
      {
        ...prompt('tool', '/w', ''),
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't', content: 'src/aquarium.ts: const quokka = 1' },
          ],
        },
      },
    ]);
    const lib = library();
    await lib.start();

    const [hit] = await lib.search('Pelican');
    expect(nameOf(hit!.session.sessionId)).toBe('reply');
    const { text, ranges } = hit!.snippet;
    expect(ranges).toHaveLength(1);
    expect(text.slice(...ranges[0]!)).toBe('pelican');

    expect((await lib.search('zebrafish')).map((h) => nameOf(h.session.sessionId))).toEqual([
      'tool',
    ]);
    expect((await lib.search('quokka')).map((h) => nameOf(h.session.sessionId))).toEqual(['tool']);
    // All words must occur; the last one typed may be a prefix.
    expect((await lib.search('dawn pelic')).map((h) => nameOf(h.session.sessionId))).toEqual([
      'reply',
    ]);
    expect(await lib.search('pelic dawn')).toEqual([]);
    expect(await lib.search('pelican quokka')).toEqual([]);
    expect(await lib.search('  ')).toEqual([]);
    // What FTS5 would read as syntax is only words and punctuation here.
    expect(await lib.search('"pelican*)')).toHaveLength(1);
    expect(await lib.search('pelican NOT')).toEqual([]);
  });

  it('lists no file whose name is not a session UUID: the id would reach the CLI', async () => {
    const kept = writeSession('/w', 'kept', [prompt('kept', '/w', 'x')]);
    for (const name of ['--debug-file=x', 'notes', `${sid('kept')}.bak`])
      writeFileSync(join(kept, '..', `${name}.jsonl`), lines([prompt(name, '/w', 'x')]));
    const lib = library();
    await lib.start();
    expect(lib.list().map((s) => nameOf(s.sessionId))).toEqual(['kept']);
  });

  it('ranks the session where the word counts most first', async () => {
    writeSession('/w', 'once', [
      prompt(
        'once',
        '/w',
        'tell me about lighthouses and many other coastal things like harbours, piers and cliffs',
      ),
    ]);
    writeSession('/w', 'often', [prompt('often', '/w', 'lighthouse lighthouses lighthouses')]);
    const lib = library();
    await lib.start();
    expect((await lib.search('lighthouses')).map((h) => nameOf(h.session.sessionId))).toEqual([
      'often',
      'once',
    ]);
  });

  it('filters the list and the search by project and by date', async () => {
    clock = Date.parse('2026-01-10T00:00:00Z');
    writeSession('/a', 'jan', [prompt('jan', '/a', 'walrus in january')]);
    clock = Date.parse('2026-02-10T00:00:00Z');
    writeSession('/b', 'feb', [prompt('feb', '/b', 'walrus in february')]);
    const lib = library();
    await lib.start();
    const ids = (list: { sessionId: string }[]) => list.map((s) => nameOf(s.sessionId));
    expect(ids(lib.list({ project: '/a' }))).toEqual(['jan']);
    expect(ids(lib.list({ since: Date.parse('2026-02-01T00:00:00Z') }))).toEqual(['feb']);
    expect(ids(lib.list({ until: Date.parse('2026-02-01T00:00:00Z') }))).toEqual(['jan']);
    const hits = (q: string, f: object) =>
      lib.search(q, f).then((h) => h.map((x) => nameOf(x.session.sessionId)));
    expect(await hits('walrus', { project: '/b' })).toEqual(['feb']);
    expect(await hits('walrus', { until: Date.parse('2026-02-01T00:00:00Z') })).toEqual(['jan']);
  });

  it('reads a grown session on from where it was, and finds its new words', async () => {
    const path = writeSession('/w', 's', [prompt('s', '/w', 'first words')]);
    const lib = library();
    await lib.start();
    const before = statSync(path).size;
    const added = lines([reply('s', '/w', 'm1', [{ type: 'text', text: 'a narwhal appears' }])]);
    appendFileSync(path, added);
    const progress = await scanWithProgress(lib, () => lib.rescan());
    // Only the appended bytes were read: the file was not read again from 0.
    expect(progress).toMatchObject({ filesTotal: 1, bytesRead: Buffer.byteLength(added) });
    expect(statSync(path).size).toBe(before + progress.bytesRead);
    expect((await lib.search('narwhal')).map((h) => nameOf(h.session.sessionId))).toEqual(['s']);
    expect((await lib.search('first')).map((h) => nameOf(h.session.sessionId))).toEqual(['s']);
    expect(lib.list()[0]!.messages).toBe(2);
  });

  it('leaves a line being written for the next read, then indexes it whole', async () => {
    const path = writeSession('/w', 's', [prompt('s', '/w', 'start')]);
    const half = JSON.stringify(prompt('s', '/w', 'platypus arrives'));
    appendFileSync(path, half.slice(0, 40));
    const lib = library();
    await lib.start();
    expect(await lib.search('platypus')).toEqual([]);
    expect(lib.problems().corrupt).toBe(0);
    appendFileSync(path, `${half.slice(40)}\n`);
    await lib.rescan();
    expect(await lib.search('platypus')).toHaveLength(1);
  });

  it('reads a rewritten (shorter) session from the start, dropping its old words', async () => {
    const path = writeSession('/w', 's', [
      prompt('s', '/w', 'original long text about otters and more'),
    ]);
    const lib = library();
    await lib.start();
    writeFileSync(path, lines([prompt('s', '/w', 'badgers')]));
    await lib.rescan();
    expect(await lib.search('otters')).toEqual([]);
    expect(await lib.search('badgers')).toHaveLength(1);
  });

  it('drops a deleted session and its words', async () => {
    const path = writeSession('/w', 'gone', [prompt('gone', '/w', 'ephemeral axolotl')]);
    writeSession('/w', 'kept', [prompt('kept', '/w', 'stays')]);
    const lib = library();
    await lib.start();
    let changes = 0;
    lib.onChange(() => changes++);
    rmSync(path);
    await lib.rescan();
    expect(lib.list().map((s) => nameOf(s.sessionId))).toEqual(['kept']);
    expect(await lib.search('axolotl')).toEqual([]);
    expect(changes).toBe(1);
  });

  it('survives a restart: reopened, it lists and finds at once and parses no unchanged file', async () => {
    writeSession('/w', 'a', [prompt('a', '/w', 'persistent capybara')]);
    const changed = writeSession('/w', 'b', [prompt('b', '/w', 'other')]);
    const first = library();
    await first.start();
    await first.dispose();

    appendFileSync(changed, lines([prompt('b', '/w', 'meanwhile an ibis')]));
    const again = library();
    // Before any scan: the stored index answers.
    expect(
      again
        .list()
        .map((s) => nameOf(s.sessionId))
        .sort(),
    ).toEqual(['a', 'b']);
    expect(await again.search('capybara')).toHaveLength(1);
    const progress = await scanWithProgress(again, () => again.start());
    expect(progress).toMatchObject({ filesTotal: 1, filesDone: 1 }); // only the grown one
    expect(await again.search('ibis')).toHaveLength(1);
  });

  it('goes on where a build was stopped, indexing no line twice', async () => {
    const turns = (id: string) => [
      prompt(id, '/w', 'begin'),
      ...Array.from({ length: 400 }, (_, j) =>
        prompt(id, '/w', `turn ${j} heron ${'pad '.repeat(100)}`),
      ),
    ];
    for (let i = 0; i < 6; i++) writeSession('/w', `s${i}`, turns(`s${i}`));
    const first = library();
    const progressed = new Promise<void>((resolve) =>
      first.onProgress((p) => {
        if (p.filesDone >= 1 && !p.done) resolve();
      }),
    );
    void first.start();
    await progressed;
    await first.dispose();

    const again = library();
    const progress = await scanWithProgress(again, () => again.start());
    expect(progress.filesTotal).toBeGreaterThan(0); // something was left to do
    expect(again.list().map((s) => s.messages)).toEqual(Array(6).fill(401));
    expect(await again.search('heron')).toHaveLength(6);
  });

  it('opens an index a killed process left locked', async () => {
    writeSession('/w', 's', [prompt('s', '/w', 'stubborn lemur')]);
    const first = library();
    await first.start();
    await first.dispose();
    const lock = join(indexDir, 'sessions.sqlite.lock');
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const logs: string[] = [];
    const again = library({ log: (m) => logs.push(m) });
    expect(await again.search('lemur')).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  it('rebuilds a damaged index, and keeps one in memory where none can be written', async () => {
    writeSession('/w', 's', [prompt('s', '/w', 'resilient gecko')]);
    mkdirSync(indexDir, { recursive: true });
    writeFileSync(join(indexDir, 'sessions.sqlite'), 'this is no database '.repeat(500));
    const logs: string[] = [];
    const rebuilt = library({ log: (m) => logs.push(m) });
    await rebuilt.start();
    expect(await rebuilt.search('gecko')).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/rebuilding the index/);

    const blocker = join(root, 'a-file');
    writeFileSync(blocker, '');
    const inMemory = library({ indexDir: join(blocker, 'index'), log: (m) => logs.push(m) });
    await inMemory.start();
    expect(await inMemory.search('gecko')).toHaveLength(1);
    expect(logs.at(-1)).toMatch(/index kept in memory/);
  });

  it('skips and counts corrupt lines, unknown entries and unreadable files, never failing', async () => {
    const path = writeSession('/w', 'noisy', [prompt('noisy', '/w', 'good line wombat')]);
    appendFileSync(path, '{"type":"user","message":{"content":"trunc\n');
    appendFileSync(path, 'not json at all\n');
    appendFileSync(path, lines([{ type: 'some-future-entry', payload: { x: 1 } }, 42, null, []]));
    appendFileSync(path, lines([prompt('noisy', '/w', 'after the damage kookaburra')]));
    const locked = writeSession('/w', 'locked', [prompt('locked', '/w', 'secret')]);
    chmodSync(locked, 0o000);
    const canRead = process.getuid?.() !== 0; // root reads anything: there chmod proves nothing
    const lib = library();
    await lib.start();
    expect((await lib.search('kookaburra')).map((h) => nameOf(h.session.sessionId))).toEqual([
      'noisy',
    ]);
    const problems = lib.problems();
    expect(problems).toMatchObject({ missing: false, corrupt: 1 });
    expect(problems.files).toContainEqual({
      path,
      kind: 'corrupt',
      detail: '2 unreadable lines skipped',
    });
    if (canRead)
      expect(problems.files).toContainEqual({
        path: locked,
        kind: 'unreadable',
        detail: 'permission denied',
      });
    chmodSync(locked, 0o600);
  });

  it('counts an unreadable project folder', async () => {
    writeSession('/w', 's', [prompt('s', '/w', 'x')]);
    const folder = join(claudeDir, 'projects', '-locked');
    mkdirSync(folder);
    chmodSync(folder, 0o000);
    const lib = library();
    await lib.start();
    if (process.getuid?.() !== 0) expect(lib.problems().unreadable).toBe(1);
    expect(lib.list()).toHaveLength(1);
    chmodSync(folder, 0o700);
  });

  it('skips a line too long to hold, with bounded memory, and indexes the rest', async () => {
    const path = writeSession('/w', 'big', [prompt('big', '/w', 'before')]);
    const huge = prompt('big', '/w', `${'x'.repeat(40 * 1024 * 1024)} hidden`);
    appendFileSync(path, lines([huge, prompt('big', '/w', 'after the giant')]));
    const lib = library();
    await lib.start();
    expect(await lib.search('giant')).toHaveLength(1);
    expect(lib.problems().files).toContainEqual({
      path,
      kind: 'oversized',
      detail: '1 line too long to index skipped',
    });
  });

  it('is empty, and says so, when there is no ~/.claude at all', async () => {
    const lib = library();
    await lib.start();
    expect(lib.list()).toEqual([]);
    expect(await lib.search('anything')).toEqual([]);
    expect(lib.problems()).toMatchObject({ missing: true, unreadable: 0, corrupt: 0 });
    // It appears later: a rescan finds it.
    writeSession('/w', 's', [prompt('s', '/w', 'late arrival')]);
    await lib.rescan();
    expect(lib.list()).toHaveLength(1);
    expect(lib.problems().missing).toBe(false);
  });

  it('changes nothing under ~/.claude', async () => {
    const path = writeSession('/w', 's', [prompt('s', '/w', 'x')]);
    const old = new Date('2026-01-01T00:00:00Z');
    utimesSync(path, old, old);
    const before = statSync(path);
    const lib = library();
    await lib.start();
    await lib.search('x');
    const after = statSync(path);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
  });

  it('marks a session live when a running CLI names it in its pid file, or it was just written', async () => {
    writeSession('/w', 'held', [prompt('held', '/w', 'x')]);
    writeSession('/w', 'idle', [prompt('idle', '/w', 'y')]);
    mkdirSync(join(claudeDir, 'sessions'));
    writeFileSync(
      join(claudeDir, 'sessions', '4242.json'),
      JSON.stringify({ pid: 4242, sessionId: sid('held') }),
    );
    writeFileSync(
      join(claudeDir, 'sessions', '999.json'),
      JSON.stringify({ pid: 999, sessionId: sid('idle') }),
    );
    const lib = library({ isProcessAlive: (pid) => pid === 4242 });
    await lib.start();
    const live = Object.fromEntries(lib.list().map((s) => [nameOf(s.sessionId), s.live]));
    expect(live).toEqual({ held: true, idle: false });

    const recent = library({ now: () => Date.now(), indexDir: join(root, 'index2') });
    await recent.start();
    expect(recent.list().every((s) => s.live)).toBe(true);
  });

  it('picks up new and growing sessions by itself when watching', async () => {
    writeSession('/w', 's', [prompt('s', '/w', 'x')]);
    const lib = library({ watch: true, debounceMs: 50 });
    await lib.start();
    const changed = new Promise<void>((resolve) => lib.onChange(resolve));
    writeSession('/w', 'new', [prompt('new', '/w', 'a fresh manatee')]);
    await changed;
    await lib.rescan(); // joins the scan the watcher started
    expect((await lib.search('manatee')).map((h) => nameOf(h.session.sessionId))).toEqual(['new']);
  });

  it('yields to the event loop while it builds', async () => {
    for (let i = 0; i < 40; i++)
      writeSession('/w', `s${i}`, [
        prompt(`s${i}`, '/w', 'start'),
        ...Array.from({ length: 300 }, (_, j) =>
          reply(`s${i}`, '/w', `m${j}`, [{ type: 'text', text: `reply ${j} `.repeat(50) }]),
        ),
      ]);
    const lib = library();
    let ticks = 0;
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 1);
    await lib.start();
    clearInterval(timer);
    expect(lib.list()).toHaveLength(40);
    expect(ticks).toBeGreaterThan(5);
    expect(longest).toBeLessThan(250);
  });
});
