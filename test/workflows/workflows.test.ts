import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// GitHub runs these workflows; this machine cannot. This reads them as GitHub does (YAML, then the
// parts of the workflow syntax they use, strictly) and checks what they rely on in this project.
const root = join(__dirname, '..', '..');
const workflowDir = join(root, '.github', 'workflows');

// js-yaml comes with electron-builder and has no typings of its own here.
const { load } = createRequire(__filename)('js-yaml') as { load: (text: string) => unknown };

const step = z
  .object({
    name: z.string().optional(),
    if: z.string().optional(),
    uses: z
      .string()
      .regex(/^[\w-]+\/[\w-]+@v\d+$/, 'owner/action@vN')
      .optional(),
    with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    run: z.string().optional(),
    shell: z.enum(['bash', 'pwsh', 'sh', 'cmd', 'powershell']).optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((s) => (s.uses === undefined) !== (s.run === undefined), 'a step has uses or run');

const workflow = z
  .object({
    name: z.string(),
    on: z
      .object({
        push: z
          .object({
            branches: z.array(z.string()).optional(),
            tags: z.array(z.string()).optional(),
          })
          .strict()
          .optional(),
        pull_request: z.null().optional(),
      })
      .strict(),
    permissions: z.record(z.string(), z.enum(['read', 'write', 'none'])),
    concurrency: z.object({ group: z.string(), 'cancel-in-progress': z.boolean() }).optional(),
    jobs: z.record(
      z.string(),
      z
        .object({
          name: z.string(),
          strategy: z.object({
            'fail-fast': z.boolean(),
            matrix: z.object({ os: z.array(z.string()) }).strict(),
          }),
          'runs-on': z.literal('${{ matrix.os }}'),
          'timeout-minutes': z.number().int().positive(),
          steps: z.array(step).min(1),
        })
        .strict(),
    ),
  })
  .strict();

type Workflow = z.infer<typeof workflow>;
type Step = z.infer<typeof step>;

function read(file: string): Workflow {
  return workflow.parse(load(readFileSync(join(workflowDir, file), 'utf8')));
}
const steps = (w: Workflow): Step[] => Object.values(w.jobs).flatMap((job) => job.steps);
const runs = (w: Workflow): string =>
  steps(w)
    .map((s) => s.run ?? '')
    .join('\n');
const allOses = ['ubuntu-latest', 'macos-latest', 'windows-latest'];

describe('.github/workflows', () => {
  const files = readdirSync(workflowDir);

  it('holds ci.yml and release.yml, each valid for the workflow syntax it uses', () => {
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
    for (const file of files) expect(() => read(file), file).not.toThrow();
  });

  it('uses only ${{ }} expressions over contexts that exist', () => {
    const contexts = /^(github|runner|matrix|secrets|env|steps|job|inputs)\b/;
    for (const file of files) {
      const text = readFileSync(join(workflowDir, file), 'utf8');
      for (const [, expression] of text.matchAll(/\$\{\{\s*(.*?)\s*\}\}/g)) {
        expect(expression, `${file}: ${expression}`).toMatch(contexts);
      }
    }
  });

  it('sets up the Node version .nvmrc names, on Linux, macOS and Windows', () => {
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toMatch(/^\d+(\.\d+){0,2}$/);
    for (const file of files) {
      const w = read(file);
      for (const job of Object.values(w.jobs)) expect(job.strategy.matrix.os).toEqual(allOses);
      const setupNode = steps(w).find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(setupNode?.with?.['node-version-file'], file).toBe('.nvmrc');
      expect(runs(w), file).toMatch(/^npm ci\b/m);
    }
  });

  it('only runs npm scripts that package.json has', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
    );
    for (const file of files) {
      for (const [, named] of runs(read(file)).matchAll(/\bnpm (?:run (\S+)|test\b)/g)) {
        const script = named ?? 'test';
        expect(scripts, `${file} runs npm script ${script}`).toContain(script);
      }
    }
  });
});

describe('ci.yml', () => {
  const ci = read('ci.yml');

  it('runs on pushes to main and on pull requests', () => {
    expect(ci.on).toEqual({ push: { branches: ['main'] }, pull_request: null });
  });

  it('runs npm test with CHROMIUM_PATH set for the browser tests', () => {
    expect(runs(ci)).toMatch(/^npm test$/m);
    // playwright.config.ts launches the browser tests in CHROMIUM_PATH, else Debian's path.
    expect(readFileSync(join(root, 'playwright.config.ts'), 'utf8')).toContain(
      "process.env['CHROMIUM_PATH']",
    );
    const chromium = steps(ci).find((s) => s.run?.includes('playwright install'));
    expect(chromium?.run).toContain('CHROMIUM_PATH=');
    expect(chromium?.run).toContain('>> "$GITHUB_ENV"');
    expect(steps(ci).indexOf(chromium!)).toBeLessThan(
      steps(ci).findIndex((s) => s.run === 'npm test'),
    );
  });

  it('installs the Electron binary and runs the Electron spec under xvfb-run on Linux', () => {
    expect(runs(ci)).toContain('node node_modules/electron/install.js');
    expect(existsSync(join(root, 'node_modules', 'electron', 'install.js'))).toBe(true);
    const electron = steps(ci).find((s) => s.run?.includes('--project electron'));
    expect(electron).toMatchObject({
      if: "runner.os == 'Linux'",
      run: 'xvfb-run -a npx playwright test --project electron',
    });
    expect(readFileSync(join(root, 'playwright.config.ts'), 'utf8')).toContain("name: 'electron'");
    expect(existsSync(join(root, 'e2e', 'electron.spec.ts'))).toBe(true);
  });
});

describe('.gitattributes', () => {
  // Windows runners check out with CRLF unless told otherwise, and `prettier --check` in npm test
  // then fails on every file: git must hand out LF on every OS, and leave binaries alone.
  const attribute = (name: string, file: string) =>
    execFileSync('git', ['check-attr', name, '--', file], { cwd: root, encoding: 'utf8' })
      .trim()
      .split(': ')
      .at(-1);

  it('checks text files out with LF on every OS, and binaries as they are', () => {
    for (const file of ['package.json', 'src/main/index.ts', 'README.md', '.ci/run']) {
      expect(attribute('eol', file), file).toBe('lf');
    }
    for (const file of [
      'resources/icon.icns',
      'resources/icon.ico',
      'resources/icons/512x512.png',
    ]) {
      expect(attribute('text', file), file).toBe('unset');
    }
  });

  it('holds no file with CRLF in the repository', () => {
    const crlf = execFileSync('git', ['ls-files', '--eol'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((line) => /^i\/(crlf|mixed)/.test(line));
    expect(crlf).toEqual([]);
  });
});

describe('release.yml', () => {
  const release = read('release.yml');
  const packageStep = steps(release).find((s) => s.run?.includes('npm run dist'));

  it('runs on version tags only', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('builds with npm run dist and uploads what it built, never publishing from the build', () => {
    expect(packageStep?.run).toContain('npm run dist -- --publish never');
    const upload = steps(release).find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.['if-no-files-found']).toBe('error');
    expect(String(upload?.with?.['path'])).toMatch(
      /dist\/\*\.dmg[\s\S]*dist\/\*\.exe[\s\S]*dist\/\*\.AppImage/,
    );
  });

  it('passes only signing secrets electron-builder reads, each under its own name', () => {
    const env = packageStep?.env ?? {};
    expect(Object.keys(env).length).toBeGreaterThan(0);
    for (const [variable, value] of Object.entries(env)) {
      const name = variable.replace(/^SECRET_/, '');
      expect(value).toBe(`\${{ secrets.${name} }}`);
      expect(packageStep?.run).toContain(name);
      expect(electronBuilderReads(name), `electron-builder reads ${name}`).toBe(true);
    }
  });
});

/** Whether electron-builder's own code reads this environment variable. */
function electronBuilderReads(name: string): boolean {
  const dir = join(root, 'node_modules', 'app-builder-lib', 'out');
  const pattern = new RegExp(`process\\.env\\.${name}\\b|["'\`]${name}["'\`]`);
  const search = (folder: string): boolean =>
    readdirSync(folder, { withFileTypes: true }).some((entry) =>
      entry.isDirectory()
        ? search(join(folder, entry.name))
        : entry.name.endsWith('.js') &&
          pattern.test(readFileSync(join(folder, entry.name), 'utf8')),
    );
  return search(dir);
}
