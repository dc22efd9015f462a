// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

afterEach(cleanup);

// Module state is per test file: here nothing has loaded the highlighter before.
describe('the highlighter, loaded on demand', () => {
  it('shows code plain at first, and coloured once the highlighter has loaded', async () => {
    const { container } = render(
      <Markdown text={'Run:\n\n```ts\nconst answer = 42;\n```'} onOpenLink={() => {}} />,
    );
    expect(container.querySelector('pre code')?.textContent).toBe('const answer = 42;\n');
    expect(container.querySelector('[class^="hljs"]')).toBeNull();
    // No new text arrives: the block renders again by itself when the highlighter is there.
    await waitFor(() =>
      expect(container.querySelector('pre code .hljs-keyword')?.textContent).toBe('const'),
    );
    expect(container.querySelector('pre code')?.className).toBe('hljs language-ts');
    expect(container.querySelector('pre code')?.textContent).toBe('const answer = 42;\n');
  });
});
