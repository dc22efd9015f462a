import { failureReason, type HostApi } from '../../../../../shared/host-api';
import type { TranscriptItem } from '../model/transcript-model';
import { transcriptMarkdown } from '../model/transcript-markdown';
import { loadHighlighter } from '../markdown/highlighter-loader';

export type ExportFormat = 'markdown' | 'html';

/** A file name from the session's title: its words, safe on every file system. */
export function exportName(title: string, format: ExportFormat): string {
  const words = title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${words || 'transcript'}.${format === 'html' ? 'html' : 'md'}`;
}

async function transcriptPage(items: readonly TranscriptItem[], title: string): Promise<string> {
  // A saved page is never rendered again: its code is coloured now or never.
  const [{ transcriptHtml }] = await Promise.all([import('./transcript-html'), loadHighlighter()]);
  return transcriptHtml(items, title);
}

/**
 * Saves the transcript: through the host's save dialog where there is one, else as a download.
 * Resolves with what happened, in words for the block to show.
 */
export async function exportTranscript(
  api: HostApi,
  items: readonly TranscriptItem[],
  title: string,
  format: ExportFormat,
): Promise<string> {
  const content =
    format === 'markdown' ? transcriptMarkdown(items, title) : await transcriptPage(items, title);
  const name = exportName(title, format);
  try {
    const chosen = await api.chooseExportFile({ suggestedName: name });
    if (chosen.supported) {
      if (!chosen.token) return 'Export cancelled.';
      const { path } = await api.writeExportFile({ token: chosen.token, content });
      return `Exported to ${path}`;
    }
  } catch (error) {
    return `The transcript could not be exported: ${failureReason(error)}`;
  }
  download(name, content, format === 'html' ? 'text/html' : 'text/markdown');
  return `Downloaded ${name}`;
}

function download(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
