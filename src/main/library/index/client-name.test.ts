import { expect, it } from 'vitest';
import { clientName } from './client-name';

it('names the clients the CLI records, and shows an unknown one as it is', () => {
  expect(clientName('cli')).toBe('CLI');
  expect(clientName('claude-vscode')).toBe('VS Code');
  expect(clientName('sdk-cli')).toBe('Headless (claude -p)');
  expect(clientName('remote_mobile')).toBe('Web');
  expect(clientName('jetbrains-future')).toBe('jetbrains-future');
  expect(clientName(null)).toBeNull(); // older CLIs wrote no entrypoint
});
