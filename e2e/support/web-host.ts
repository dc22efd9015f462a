import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// No Playwright here: benchmarks start browser mode the same way the specs do.

const root = join(__dirname, '..', '..');

/** One `npm run web` process (the real CLI) with its own workspace and state folders. */
export class BrowserMode {
  url = '';
  private child: ChildProcess | undefined;
  output = '';

  constructor(
    readonly workspaceDir: string,
    readonly stateDir: string,
    readonly home: string,
    /** More environment for the host (and so for the shells and Claude CLIs it starts). */
    readonly env: NodeJS.ProcessEnv = {},
  ) {}

  async start(): Promise<string> {
    this.output = '';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'src/main/web/web-cli.ts'),
        '--cwd',
        this.workspaceDir,
        '--state-dir',
        this.stateDir,
      ],
      {
        cwd: root,
        // A plain bash with no rc files: the specs must not depend on the machine's prompt.
        env: { ...process.env, SHELL: '/bin/bash', HOME: this.home, ...this.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
        const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(this.output);
        if (match) resolve(match[0]);
      });
      child.once('exit', (code) =>
        reject(new Error(`web-cli exited with ${code}:\n${this.output}`)),
      );
    });
    return this.url;
  }

  get origin(): string {
    return new URL(this.url).origin;
  }

  get token(): string {
    return new URL(this.url).searchParams.get('token') ?? '';
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
