import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestedDirectory, secondLaunchDirectory } from './launch-directory';

describe('requestedDirectory', () => {
  it('reads --cwd DIR and --cwd=DIR against the launch’s directory', () => {
    expect(requestedDirectory(['tether', '--cwd', 'src'], '/home/ada/project')).toBe(
      resolve('/home/ada/project/src'),
    );
    expect(requestedDirectory(['tether', '--cwd=/srv/x'], '/home/ada')).toBe('/srv/x');
    expect(requestedDirectory(['tether', '--cwd'], '/home/ada')).toBeNull();
    expect(requestedDirectory(['tether'], '/home/ada')).toBeNull();
  });
});

describe('secondLaunchDirectory', () => {
  it('takes what the second launch read from its own command line', () => {
    expect(
      secondLaunchDirectory(['tether', '--original-process-start-time=1'], '/', { cwd: '/srv/x' }),
    ).toBe('/srv/x');
    expect(secondLaunchDirectory(['tether', '--cwd', 'elsewhere'], '/', { cwd: null })).toBeNull();
  });

  it('falls back to the arguments Electron passes, resolved where that launch ran', () => {
    // Chromium moves switches ahead of the rest and adds its own.
    const argv = ['/opt/Tether/tether', '--cwd', 'repo', '--original-process-start-time=13'];
    expect(secondLaunchDirectory(argv, '/home/ada', {})).toBe(resolve('/home/ada/repo'));
    expect(secondLaunchDirectory(['tether'], '/home/ada', null)).toBeNull();
  });
});
