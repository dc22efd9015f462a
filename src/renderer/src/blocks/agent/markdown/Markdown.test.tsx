// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown, SETTLE_MS, unparsedPieces } from './Markdown';
import { PARSE_INTERVAL_MS, TAIL_PARSE_LIMIT } from './streamed-markdown';
import { openExternalLink } from '../../../host/open-external-link';
import { FakeHost } from '../testing/fake-host';

afterEach(cleanup);

function renderMarkdown(text: string) {
  const host = new FakeHost();
  const view = render(
    <Markdown text={text} onOpenLink={(url) => void openExternalLink(host.api, url)} />,
  );
  return { host, container: view.container };
}

describe('Markdown', () => {
  it('renders GitHub-flavoured Markdown with highlighted code', async () => {
    const { container } = renderMarkdown(
      [
        '# Title',
        '',
        '**bold** ~~gone~~ `inline`',
        '',
        '- [x] done',
        '- [ ] open',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '```ts',
        'const answer: number = 42;',
        '```',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
    const code = container.querySelector('pre code')!;
    expect(code.textContent).toBe('const answer: number = 42;\n');
    // The highlighter loads on demand: the colours follow.
    await waitFor(() =>
      expect(container.querySelector('pre code .hljs-keyword')?.textContent).toBe('const'),
    );
  });

  it('leaves code without a language it knows uncoloured', () => {
    const { container } = renderMarkdown(
      '```\nconst a = 1;\n```\n\n```nosuchlanguage\nconst b = 2;\n```',
    );
    const blocks = [...container.querySelectorAll('pre code')];
    expect(blocks.map((code) => code.textContent)).toEqual(['const a = 1;\n', 'const b = 2;\n']);
    expect(container.querySelector('[class^="hljs"]')).toBeNull();
  });

  it('shows raw HTML as the text it is, never as elements', () => {
    const html = '<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold?</b>';
    const { container } = renderMarkdown(`Before ${html}\n\n<div onclick="x()">block</div>`);
    const rendered = container.querySelector('.agent-markdown')!;
    expect(rendered.querySelector('script, img, b, div')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<div onclick="x()">block</div>');
  });

  it('opens http(s) links only through the host, and refuses other schemes', () => {
    const { host } = renderMarkdown(
      '[docs](https://example.com/docs) [bad](javascript:alert(1)) [file](file:///etc/passwd)',
    );
    fireEvent.click(screen.getByRole('link', { name: 'docs' }));
    expect(host.paramsOf('openExternal')).toEqual([{ url: 'https://example.com/docs' }]);
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'file' })).toBeNull();
    expect(screen.getByText('bad').tagName).toBe('SPAN');
  });

  it('shows images as links, so nothing remote loads by itself', () => {
    const { container } = renderMarkdown('![chart](https://example.com/chart.png)');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: '[image: chart]' })).toBeTruthy();
  });
});

describe('Markdown while a long block streams', () => {
  const words = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `word${from + i}`).join(' ');

  it('keeps what it parsed, shows the rest as written, and parses it all once the text settles', () => {
    vi.useFakeTimers();
    try {
      const start = `**Bold start** ${words(0, 10)}`;
      const view = render(<Markdown text={start} onOpenLink={() => undefined} />);
      const long = `${start} ${words(10, TAIL_PARSE_LIMIT / 5)} **bold end**`;
      view.rerender(<Markdown text={long} onOpenLink={() => undefined} />);
      const unparsed = view.container.querySelector('.agent-markdown-unparsed')!;
      expect(unparsed.textContent).toBe(long.slice(start.length));
      expect([...view.container.querySelectorAll('strong')].map((s) => s.textContent)).toEqual([
        'Bold start',
      ]);
      act(() => vi.advanceTimersByTime(SETTLE_MS));
      expect(view.container.querySelector('.agent-markdown-unparsed')).toBeNull();
      expect([...view.container.querySelectorAll('strong')].map((s) => s.textContent)).toEqual([
        'Bold start',
        'bold end',
      ]);
      expect(view.container.querySelectorAll('p')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('parses a short growing tail again at most every PARSE_INTERVAL_MS, showing new text at once', () => {
    vi.useFakeTimers();
    try {
      const show = (text: string) => <Markdown text={text} onOpenLink={() => undefined} />;
      const view = render(show('Some **bold**'));
      view.rerender(show('Some **bold** and *more*'));
      expect(view.container.querySelector('.agent-markdown-unparsed')?.textContent).toBe(
        ' and *more*',
      );
      expect(view.container.querySelector('em')).toBeNull();
      act(() => vi.advanceTimersByTime(PARSE_INTERVAL_MS));
      view.rerender(show('Some **bold** and *more* text'));
      expect(view.container.querySelector('.agent-markdown-unparsed')).toBeNull();
      expect(view.container.querySelector('em')?.textContent).toBe('more');
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on inside the block the parsed part ends in, even mid-word, never below it', () => {
    const cases = [
      ['What goes on that g', 'oes on', 'p', 'What goes on that goes on'],
      ['Steps:\n\n- first\n- what goes on that g', 'oes on', 'li', 'what goes on that goes on'],
      ['> quoted and ', 'more', 'blockquote p', 'quoted and more'],
      ['```sh\necho one\n', 'echo two', 'pre code', 'echo one\necho two'],
      ['```sh\necho one', ' two', 'pre code', 'echo one two'],
      ['```sh\necho one\n```\n', 'After the code', '.agent-markdown', 'echo one\n\nAfter the code'],
    ] as const;
    for (const [parsed, written, block, shown] of cases) {
      const show = (text: string) => <Markdown text={text} onOpenLink={() => undefined} />;
      const view = render(show(parsed));
      view.rerender(show(parsed + written));
      const unparsed = view.container.querySelector('.agent-markdown-unparsed');
      // In the last such block, and nothing after that block.
      expect(unparsed?.closest(block)).toBe([...view.container.querySelectorAll(block)].at(-1));
      expect(unparsed?.closest(block)?.textContent?.trim()).toBe(shown);
      view.unmount();
    }
  });

  it('parses a long text shown at once (a transcript opened) straight away', () => {
    const long = `${words(0, TAIL_PARSE_LIMIT / 5)} **bold end**`;
    const { container } = renderMarkdown(long);
    expect(container.querySelector('.agent-markdown-unparsed')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('bold end');
  });
});

describe('unparsedPieces', () => {
  const texts = (pieces: { text: string }[]) => pieces.map((piece) => piece.text);

  it('cuts text into pieces that keep their place as the text grows', () => {
    const sentence = (i: number) => `Sentence number ${i} is here. `;
    const text = Array.from({ length: 400 }, (_, i) => sentence(i)).join('');
    const pieces = unparsedPieces(text);
    expect(texts(pieces).join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces.slice(0, -1)) expect(piece.text.endsWith('. ')).toBe(true);
    const longer = unparsedPieces(`${text}${sentence(400)}${sentence(401)}`);
    expect(longer.slice(0, pieces.length - 1)).toEqual(pieces.slice(0, -1));
  });

  it('keeps the pieces after the first as the start moves on (the parse catching up)', () => {
    const sentence = (i: number) => `Sentence number ${i} is here. `;
    const text = Array.from({ length: 400 }, (_, i) => sentence(i)).join('');
    const pieces = unparsedPieces(text);
    const start = pieces[1]!.at - 700;
    const later = unparsedPieces(text.slice(start), start);
    expect(texts(later).join('')).toBe(text.slice(start));
    expect(later[0]).toEqual({ at: start, text: text.slice(start, pieces[1]!.at) });
    expect(later.slice(1)).toEqual(pieces.slice(1));
  });

  it('leaves text without a space in one piece', () => {
    expect(texts(unparsedPieces('x'.repeat(5_000)))).toEqual(['x'.repeat(5_000)]);
  });
});
