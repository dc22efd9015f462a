import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '../../../../../shared/escape-html';
import type { TranscriptItem } from '../model/transcript-model';
import { TranscriptItemView } from '../transcript/TranscriptItemView';

/** The page's own styles, as text, so the file looks like the block with nothing to fetch. */
function pageStyles(): string {
  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    try {
      for (const rule of sheet.cssRules) rules.push(rule.cssText);
    } catch {
      // A sheet from elsewhere cannot be read; Tether's are all its own.
    }
  }
  // A style sheet cannot end the element it sits in.
  return rules.join('\n').replaceAll('</style', '<\\/style');
}

/**
 * The conversation as one self-contained HTML file, drawn by the same components as the block.
 * Model text reaches it only through them, which never render the model's raw HTML as markup; the
 * file's policy allows no script and no request at all, whatever it holds.
 */
export function transcriptHtml(items: readonly TranscriptItem[], title: string): string {
  const body = renderToStaticMarkup(
    <main className="agent-transcript agent-export">
      {items.map((item) => (
        <div key={item.key} className="agent-export-row">
          <TranscriptItemView item={item} onOpenLink={() => undefined} />
        </div>
      ))}
    </main>,
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${pageStyles()}\n.agent-export { padding: 12px 24px; overflow: visible; }\n.agent-export-row { margin-bottom: 8px; }\n.agent-export .agent-copy { display: none; }</style>`,
    '</head>',
    `<body><h1>${escapeHtml(title)}</h1>${body}</body>`,
    '</html>',
    '',
  ].join('\n');
}
