import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sshHostSchema } from '../../../../shared/contract/remote';
import { failureReason, type HostApi } from '../../../../shared/host-api';
import { Combobox, type ComboboxOption } from '../../ui/Combobox';
import { ModalDialog } from '../../ui/ModalDialog';
import { useRemoteFolders } from './use-remote-folders';
import './remote.css';

/** Where the new block goes: a folder on `host`. */
export interface RemotePlace {
  host: string;
  cwd: string;
}

interface ConnectHostProps {
  api: HostApi;
  onConnected(place: RemotePlace): void;
  onCancel(): void;
}

/**
 * "Connect to host": which machine (a host of the user's ssh config, a recent one, or typed) and
 * which folder there, then the connection, which ssh may ask questions for ("SSH asks") before
 * the block opens. A failure leaves everything as typed, to correct and try again.
 */
export function ConnectHost({ api, onConnected, onCancel }: ConnectHostProps) {
  const [hosts, setHosts] = useState<{ host: string; recent: boolean }[]>([]);
  const [host, setHost] = useState('');
  const [folder, setFolder] = useState('');
  const [connecting, setConnecting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = useRef(true);
  const target = host.trim();
  const valid = sshHostSchema.safeParse(target).success;
  const folders = useRemoteFolders(api, valid ? target : null, folder);

  useEffect(() => {
    open.current = true;
    api.listSshHosts({}).then(
      ({ hosts }) => open.current && setHosts(hosts),
      // Nothing to offer: a typed host still connects.
      () => undefined,
    );
    return () => {
      open.current = false;
    };
  }, [api]);

  const connect = (event: FormEvent) => {
    event.preventDefault();
    if (connecting) return;
    if (!valid) {
      setError('Type a host: an alias of your ssh config, or user@host, with :port if need be.');
      return;
    }
    setError(null);
    setConnecting(target);
    api.connectSshHost({ host: target }).then(
      ({ home }) => open.current && onConnected({ host: target, cwd: remoteFolder(folder, home) }),
      (failure: unknown) => {
        if (!open.current) return;
        setConnecting(null);
        setError(failureReason(failure));
      },
    );
  };

  return (
    <ModalDialog label="Connect to host" className="connect-host" onCancel={onCancel}>
      <form onSubmit={connect}>
        <Combobox
          label="Host"
          value={host}
          onChange={setHost}
          options={hostOptions(hosts, target)}
          placeholder="Host (from ~/.ssh/config, or user@host:port)"
          autoFocus
        />
        <Combobox
          label="Folder"
          value={folder}
          onChange={setFolder}
          options={folders.options}
          onFocus={folders.wanted}
          placeholder="Folder there (empty: the home folder)"
        />
        {connecting && <p role="status">Connecting to {connecting}…</p>}
        {error && (
          <p role="alert" className="connect-host-error">
            {error}
          </p>
        )}
        <div className="remote-dialog-buttons">
          {/* Not `disabled`: the keyboard stays on it while ssh asks, and comes back to it. */}
          <button type="submit" aria-disabled={connecting !== null}>
            Connect
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The hosts that hold the typed text: the ssh config's own first, the recent ones marked. */
function hostOptions(
  hosts: readonly { host: string; recent: boolean }[],
  typed: string,
): ComboboxOption[] {
  const wanted = typed.toLowerCase();
  const matching = hosts.filter(({ host }) => host.toLowerCase().includes(wanted));
  return [
    ...matching.filter(({ recent }) => !recent),
    ...matching.filter(({ recent }) => recent),
  ].map(({ host, recent }) => (recent ? { value: host, note: 'recent' } : { value: host }));
}

/** The folder typed, `~` being the remote home; nothing typed is the home itself. */
function remoteFolder(typed: string, home: string): string {
  const folder = typed.trim();
  if (folder === '' || folder === '~') return home;
  if (folder.startsWith('~/')) return `${home.replace(/\/+$/, '')}/${folder.slice(2)}`;
  return folder;
}
