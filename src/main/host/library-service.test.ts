import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMessage } from '../../shared/contract/host';
import { LibraryService } from './library-service';
import { ON_DISK_DIR } from '#test/conformance/on-disk';

let dir: string;
const services: LibraryService[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tether-library-service-'));
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.dispose()));
  await rm(dir, { recursive: true, force: true });
});

/** A session the real CLI wrote (a conformance recording), copied into a CLAUDE_CONFIG_DIR. */
async function addSession(claudeDir: string, project: string): Promise<string> {
  const fixture = join(ON_DISK_DIR, 'two-turns.jsonl');
  const text = await readFile(fixture, 'utf8');
  const sessionId = /"sessionId":"([^"]+)"/.exec(text)![1]!;
  await mkdir(join(claudeDir, 'projects', project), { recursive: true });
  await copyFile(fixture, join(claudeDir, 'projects', project, `${sessionId}.jsonl`));
  return sessionId;
}

function service(warmAfterMs?: number) {
  const events: EventMessage[] = [];
  const library = new LibraryService(
    {
      indexDir: join(dir, 'index'),
      environment: Promise.resolve({ CLAUDE_CONFIG_DIR: join(dir, 'claude') }),
      log: () => {},
      ...(warmAfterMs === undefined ? {} : { warmAfterMs }),
    },
    (event) => events.push(event),
  );
  services.push(library);
  return { library, events };
}

describe('LibraryService warm-up', () => {
  it('opens an index an earlier run left, and follows the sessions, before anyone asks', async () => {
    const claudeDir = join(dir, 'claude');
    await addSession(claudeDir, '-tmp-a');
    const first = service();
    await expect
      .poll(async () => (await first.library.list({})).sessions.length, { timeout: 15_000 })
      .toBe(1);
    await first.library.dispose();

    // Written while Tether was closed: only an open library's scan notices it.
    await rm(join(claudeDir, 'projects', '-tmp-a'), { recursive: true });
    await addSession(claudeDir, '-tmp-b');
    const warmed = service(0);
    await expect
      .poll(() => warmed.events.some((event) => event.name === 'libraryChanged'), {
        timeout: 15_000,
      })
      .toBe(true);
    const cold = service();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cold.events).toEqual([]);
  });

  it('starts nothing for a user who never opened the library', async () => {
    await addSession(join(dir, 'claude'), '-tmp-a');
    const { events } = service(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    expect(existsSync(join(dir, 'index'))).toBe(false);
  });
});

describe('LibraryService session files', () => {
  it('reads a session by its id, and never a file that an id with a path in it names', async () => {
    const claudeDir = join(dir, 'claude');
    const sessionId = await addSession(claudeDir, '-tmp-a');
    const fixture = join(claudeDir, 'projects', '-tmp-a', `${sessionId}.jsonl`);
    await copyFile(fixture, join(dir, 'outside.jsonl'));
    const { library } = service();
    expect(await library.pastTranscript(sessionId)).not.toBeNull();
    // From projects/-tmp-a/, three folders up is the temp dir that holds outside.jsonl.
    expect(await library.pastTranscript('../../../outside')).toBeNull();
    await expect(library.forkPoint('../../../outside', 'any')).rejects.toThrow(
      'no session file for ../../../outside',
    );
  });
});
