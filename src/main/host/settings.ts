import { mkdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ZodError } from 'zod';
import { describeIssues } from '../../shared/contract/host';
import { defaultSettings, settingsSchema, type Settings } from '../../shared/settings';
import { errorMessage } from '../../shared/error-message';
import { isRecord } from '../../shared/is-record';
import { editJsoncFile, parseJsonc, SettingsFileError, type JsonEdit } from './jsonc-file';

export interface SettingsState {
  settings: Settings;
  /** Why the file is not in use (one line), or null when it is (or there is none). */
  problem: string | null;
}

/**
 * The settings file, read at start and again whenever it changes on disk: what it says applies
 * to the next terminal or agent started. It may hold comments and trailing commas. An invalid
 * file is reported and the defaults are used until it is fixed; Tether never writes over it.
 */
export class SettingsFile {
  private state: SettingsState;
  private watcher: FSWatcher | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(state: SettingsState) => void>();

  constructor(
    readonly path: string,
    private readonly options: { log?: (message: string) => void; debounceMs?: number } = {},
  ) {
    this.state = this.read();
    this.report();
  }

  get current(): SettingsState {
    return this.state;
  }

  onChange(listener: (state: SettingsState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Follows the file. The folder is watched, not the file: editors save by writing a new file
   * and renaming it over the old one, which a watch on the file itself would lose.
   */
  watch(): void {
    if (this.watcher) return;
    const name = basename(this.path);
    // Following edits is a convenience: a folder that cannot be made or watched (the inotify
    // limit reached) leaves the settings read at start, and Tether starts all the same.
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      this.watcher = watch(dirname(this.path), (_event, filename) => {
        if (filename !== null && filename !== name) return;
        // An editor's save is several events; read once they are over.
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.reload(), this.options.debounceMs ?? 150);
      });
    } catch (error) {
      this.stopFollowing(error);
      return;
    }
    this.watcher.on('error', (error) => this.stopFollowing(error));
    this.watcher.unref();
  }

  /** The file's path, after creating it with every default when there is none yet. */
  ensure(): string {
    mkdirSync(dirname(this.path), { recursive: true });
    try {
      // 'wx': never replaces a file, not even one created a moment ago.
      writeFileSync(this.path, `${JSON.stringify(defaultSettings, null, 2)}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return this.path;
  }

  /**
   * Sets each key of `changes` (null: back to Tether's default) in the file, keeping its comments,
   * its other keys and its layout; an object's keys are edited one by one, so comments inside it
   * stay too. The file as it would be is checked against the schema first: a change that would
   * add a problem to it (what was wrong before, such as a key of a newer Tether, is left to the
   * user), or a file that does not parse, is refused with the reason and nothing is written.
   * Resolves once the new settings are the current ones.
   */
  async edit(changes: Settings): Promise<SettingsState> {
    let before: ReadonlySet<string> = new Set();
    await editJsoncFile(
      this.path,
      (current) => {
        before = new Set(problemsOf(current).map(identify));
        return Object.entries(changes).flatMap(([key, value]) =>
          editsOf([key], isRecord(current) ? current[key] : undefined, value),
        );
      },
      (next) => {
        const added = problemsOf(next).filter((issue) => !before.has(identify(issue)));
        if (added.length > 0) {
          throw new SettingsFileError(
            `${describeIssues(new ZodError(added))}; nothing was written to ${this.path}.`,
          );
        }
      },
    );
    this.reload();
    return this.state;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = null;
  }

  private stopFollowing(error: unknown): void {
    this.dispose();
    (this.options.log ?? console.warn)(
      `tether: cannot follow changes to ${this.path} (${errorMessage(error)}); changes apply after a restart.`,
    );
  }

  private reload(): void {
    const next = this.read();
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    this.report();
    for (const listener of this.listeners) listener(next);
  }

  private report(): void {
    if (this.state.problem) (this.options.log ?? console.warn)(`tether: ${this.state.problem}`);
  }

  private read(): SettingsState {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { settings: {}, problem: null };
      return this.invalid(errorMessage(error));
    }
    const json = parseJsonc(text);
    if ('problem' in json) return this.invalid(`not JSON (${json.problem})`);
    const parsed = settingsSchema.safeParse(json.value);
    return parsed.success
      ? { settings: parsed.data, problem: null }
      : this.invalid(describeIssues(parsed.error));
  }

  private invalid(reason: string): SettingsState {
    return {
      settings: {},
      problem: `${this.path} is not valid: ${reason}. Using the default settings until it is fixed.`,
    };
  }
}

/** What the schema finds wrong with a document. */
function problemsOf(document: unknown): ZodError['issues'] {
  const parsed = settingsSchema.safeParse(document);
  return parsed.success ? [] : parsed.error.issues;
}

/** The same problem found before and after an edit is the same string. */
function identify({ path, message }: ZodError['issues'][number]): string {
  return JSON.stringify([path, message]);
}

/** The edits that turn `before` into `after` at `path`: objects key by key, the rest whole. */
function editsOf(path: string[], before: unknown, after: unknown): JsonEdit[] {
  if (!isRecord(before) || !isRecord(after)) return [{ path, value: after }];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    JSON.stringify(before[key]) === JSON.stringify(after[key])
      ? []
      : editsOf([...path, key], before[key], after[key]),
  );
}
