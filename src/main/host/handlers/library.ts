import type { libraryRequests } from '../../../shared/contract/library';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { LibraryService } from '../library-service';

/** The session library, which a host started without an index folder does not have. */
export function libraryHandlers(
  library: LibraryService | undefined,
): HandlersFor<typeof libraryRequests> {
  const open = () => {
    if (!library) throw new Error('this host has no session library');
    return library;
  };
  return {
    listSessions: (filter) => open().list(filter),
    searchSessions: (params) => open().search(params),
    readSession: ({ sessionId, host }) => open().read(sessionId, host),
    rescanLibrary: async () => {
      await open().rescan();
      return null;
    },
    revealSessionFile: ({ sessionId, host }) => open().reveal(sessionId, host),
  };
}
