import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './external-url';

describe('safeExternalUrl', () => {
  it('accepts http(s) links', () => {
    expect(safeExternalUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeExternalUrl('http://localhost:3000')).toBe('http://localhost:3000/');
  });

  it('refuses other schemes, credentials and garbage', () => {
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'vscode://x',
      'https://u:p@example.com',
      'not a url',
    ]) {
      expect(safeExternalUrl(url)).toBeNull();
    }
  });
});
