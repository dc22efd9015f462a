import type { workspaceRequests } from '../../../shared/contract/workspace';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { HostOptions } from '../host';

/** The saved workspace, wherever the transport keeps it (the app's data folder, the state dir). */
export function workspaceHandlers(
  workspace: HostOptions['workspace'],
): HandlersFor<typeof workspaceRequests> {
  return {
    loadWorkspace: () => workspace.read(),
    saveWorkspace: async ({ workspace: state }) => {
      await workspace.write(state);
      return null;
    },
  };
}
