import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/**
 * Calls `onChange` (debounced) when anything under `projects/` or the CLI's `sessions/` changes.
 * Recursive `fs.watch` does not exist on Linux under Node 20, so the projects folder, each project
 * folder and the sessions folder are watched one by one (inotify watches folders anyway); `sync()` is called after each scan with
 * the project folders it found, to follow folders that come and go. A folder that cannot be
 * watched (gone, too many watches) is simply not followed: `rescan()` still finds its changes.
 */
export class ProjectsWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly claudeDir: string,
    private readonly onChange: () => void,
    private readonly debounceMs: number,
  ) {}

  /** `projectFolders` is undefined while `projects/` is missing: then its parent is watched. */
  sync(projectFolders: readonly string[] | undefined): void {
    const projects = join(this.claudeDir, 'projects');
    const wanted = new Set(
      projectFolders === undefined
        ? [this.claudeDir]
        : [
            projects,
            join(this.claudeDir, 'sessions'),
            ...projectFolders.map((f) => join(projects, f)),
          ],
    );
    for (const [dir, watcher] of this.watchers)
      if (!wanted.has(dir)) {
        watcher.close();
        this.watchers.delete(dir);
      }
    for (const dir of wanted) if (!this.watchers.has(dir)) this.add(dir);
  }

  private add(dir: string): void {
    try {
      const watcher = watch(dir, { persistent: false }, () => this.changed());
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(dir);
      });
      this.watchers.set(dir, watcher);
    } catch {
      // Not there (yet): the next scan's sync tries again.
    }
  }

  private changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onChange, this.debounceMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}
