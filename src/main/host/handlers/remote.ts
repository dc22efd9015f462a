import type { remoteRequests } from '../../../shared/contract/remote';
import type { HandlersFor } from '../../../shared/contract/request-table';
import type { RemoteHosts } from '../remote-hosts';

/** "Connect to host", ssh's questions, and files dropped onto a remote terminal. */
export function remoteHandlers(remote: RemoteHosts): HandlersFor<typeof remoteRequests> {
  return {
    listSshHosts: async () => ({ hosts: await remote.list() }),
    connectSshHost: async ({ host }) => {
      await remote.connect(host);
      return { home: await remote.home(host) };
    },
    listRemoteFolders: async ({ host, prefix }) => ({
      folders: await remote.folders(host, prefix),
    }),
    pendingSshAsks: () => ({ asks: remote.pendingAsks() }),
    answerSshAsk: ({ askId, answer }) => ({ answered: remote.answer(askId, answer) }),
    copyToHost: async ({ host, paths }) => ({ paths: await remote.copy(host, paths) }),
  };
}
