import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { exportRequests } from '../../../shared/contract/export';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { HostOptions } from '../host';

/**
 * One per host, not per client: the page writes to the path its user chose by the token it was
 * given, whichever connection it asks on.
 */
export function exportHandlers(
  chooseSavePath: HostOptions['chooseSavePath'],
): HandlersFor<typeof exportRequests> {
  /** Paths the user chose in a save dialog, by token, until written. */
  const chosenPaths = new Map<string, string>();
  return {
    chooseExportFile: async ({ suggestedName }) => {
      if (!chooseSavePath) return { supported: false, token: null };
      const path = await chooseSavePath(suggestedName);
      if (!path) return { supported: true, token: null };
      const token = randomUUID();
      chosenPaths.set(token, path);
      return { supported: true, token };
    },
    writeExportFile: async ({ token, content }) => {
      const path = chosenPaths.get(token);
      if (!path)
        throw new Error('that file was not chosen in a save dialog, or is written already');
      chosenPaths.delete(token);
      await writeFile(path, content);
      return { path };
    },
  };
}
