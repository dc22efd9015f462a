import { useContext } from 'react';
import { hunkKey, type FileChanges } from '../model/file-changes';
import { ReviewCommentsContext } from '../review/review-comments-context';
import { DiffView } from '../tools/DiffView';

/**
 * The end of a turn: which files its edits changed (+/− lines), each opening to its diff, whose
 * lines take review comments in a live block.
 */
export function ChangesSummary({ files }: { files: readonly FileChanges[] }) {
  const review = useContext(ReviewCommentsContext);
  return (
    <div role="group" aria-label="Changes" className="agent-changes">
      <strong>Changes</strong>
      <ul>
        {files.map((file) => (
          <li key={file.path}>
            <details>
              <summary>
                <code>{file.path}</code> <span className="agent-changes-added">+{file.added}</span>{' '}
                <span className="agent-changes-removed">−{file.removed}</span>
              </summary>
              {file.hunks.map((hunk) => (
                <DiffView key={hunkKey(hunk)} edit={hunk} commenting={review?.commenting(hunk)} />
              ))}
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
