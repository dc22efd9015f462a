import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('leaves no markup of the text standing, in content or in a quoted attribute', () => {
    const text = `<img src=x onerror="alert('x')"> & done`;
    const escaped = escapeHtml(text);
    expect(escaped).not.toMatch(/[<>"']/);
    expect(escaped).toBe('&#60;img src=x onerror=&#34;alert(&#39;x&#39;)&#34;&#62; &#38; done');
  });

  it('keeps what needs no escaping as it is', () => {
    expect(escapeHtml('C:\\Users\\Ada\\log — ünïcode')).toBe('C:\\Users\\Ada\\log — ünïcode');
  });
});
