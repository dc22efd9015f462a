import type { LibraryState } from './use-library';

interface LibraryStatusProps {
  library: LibraryState;
  /** Sessions shown now. */
  shown: number;
  /** The words searched for, '' when listing. */
  query: string;
  /** The ssh host whose sessions are shown; '' for this computer's. */
  host: string;
}

/**
 * One line on what the list holds: the count, a first build's progress, what could not be read,
 * and a sentence for each host whose sessions could not be fetched.
 */
export function LibraryStatus({ library, shown, query, host }: LibraryStatusProps) {
  const { listing, progress, error } = library;
  const problems = listing?.problems;
  const parts: string[] = [];
  if (error) parts.push(error);
  else if (!listing) parts.push('Opening the library…');
  else if (problems?.missing && shown === 0) {
    parts.push(`No Claude Code sessions on ${host || 'this machine'} yet (no projects folder).`);
  } else if (query) {
    parts.push(`${shown} ${shown === 1 ? 'session matches' : 'sessions match'} “${query}”`);
  } else parts.push(`${shown} ${shown === 1 ? 'session' : 'sessions'}`);
  if (progress) {
    const percent = progress.bytesTotal
      ? Math.floor((progress.bytesDone / progress.bytesTotal) * 100)
      : 0;
    parts.push(`indexing ${progress.filesDone} of ${progress.filesTotal} files (${percent}%)`);
  }
  for (const failed of problems?.hosts ?? [])
    parts.push(`The sessions of ${failed.host} could not be fetched: ${failed.error}`);
  const skipped = problems ? problems.unreadable + problems.corrupt + problems.oversized : 0;
  return (
    <p role="status" aria-label="Library status" className="library-status">
      {parts.join(' · ')}
      {skipped > 0 && (
        <span title={problems!.files.map((file) => `${file.path}: ${file.detail}`).join('\n')}>
          {' '}
          · {skipped} {skipped === 1 ? 'file' : 'files'} skipped (
          {[
            problems!.unreadable && `${problems!.unreadable} unreadable`,
            problems!.corrupt && `${problems!.corrupt} corrupt`,
            problems!.oversized && `${problems!.oversized} too large`,
          ]
            .filter(Boolean)
            .join(', ')}
          )
        </span>
      )}
    </p>
  );
}
