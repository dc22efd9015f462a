import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFromSources, recordBuild, sourcesStamp } from '../../scripts/start/build-once';

describe('npm start builds only when the sources changed', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tether-build-once-'));
    mkdirSync(join(root, 'src', 'main'), { recursive: true });
    mkdirSync(join(root, 'out'));
    writeFileSync(join(root, 'src', 'main', 'index.ts'), 'one');
    writeFileSync(join(root, 'package.json'), '{}');
    writeFileSync(join(root, 'tsconfig.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reuses a build of the same sources, and builds again after any of them changed', () => {
    expect(builtFromSources(root)).toBe(false);
    recordBuild(root, sourcesStamp(root));
    expect(builtFromSources(root)).toBe(true);

    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'main', 'index.ts'), later, later);
    expect(builtFromSources(root)).toBe(false);
    recordBuild(root, sourcesStamp(root));
    writeFileSync(join(root, 'src', 'main', 'new.ts'), 'two');
    expect(builtFromSources(root)).toBe(false);
    recordBuild(root, sourcesStamp(root));
    writeFileSync(join(root, 'tsconfig.json'), '{ "strict": true }');
    expect(builtFromSources(root)).toBe(false);
  });

  it('builds when out/ was removed', () => {
    recordBuild(root, sourcesStamp(root));
    rmSync(join(root, 'out'), { recursive: true });
    expect(builtFromSources(root)).toBe(false);
  });
});
