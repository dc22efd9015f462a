import { release } from 'node:os';

export interface WindowsPty {
  backend: 'conpty';
  buildNumber: number;
}

/**
 * What xterm.js needs to know about a Windows pty so that it reflows on resize as ConPTY does.
 * node-pty 1.x runs every Windows pty on ConPTY; the OS build (`10.0.22631` → 22631) tells xterm
 * which ConPTY behaviours to expect.
 */
export function windowsPty(
  platform: NodeJS.Platform = process.platform,
  osRelease: string = release(),
): WindowsPty | undefined {
  if (platform !== 'win32') return undefined;
  const buildNumber = Number(osRelease.split('.')[2]);
  return Number.isInteger(buildNumber) ? { backend: 'conpty', buildNumber } : undefined;
}
