import { describe, expect, it } from 'vitest';
import { remoteFolder } from './remote-folder';

describe('remoteFolder', () => {
  it('makes the home and folders under it relative, where ssh starts', () => {
    expect(remoteFolder('~')).toBe('.');
    expect(remoteFolder('~/')).toBe('.');
    expect(remoteFolder('~/work/app/')).toBe('work/app/');
    expect(remoteFolder('/srv/app')).toBe('/srv/app');
    // Another user's home is theirs to name: left as typed.
    expect(remoteFolder('~bob/x')).toBe('~bob/x');
  });
});
