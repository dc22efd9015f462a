import { useLayoutEffect, useRef } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import { TerminalView } from '../../terminal/terminal-view';
import { errorMessage } from '../../../../../shared/error-message';

function decodeBase64(data: string): Uint8Array {
  return Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
}

interface RawViewProps {
  api: HostApi;
  agentId: string;
  /** Lines the translator did not understand, shown above the bytes so they need no search. */
  unhandledLines: readonly string[];
  onOpenLink(url: string): void;
}

/**
 * The session's raw bytes as a terminal shows them: the host's recent bytes first, then what
 * arrives. The host sends raw bytes only while a view is open, so opening asks for them and
 * closing stops them. Bytes that arrive before the snapshot's reply are already part of it (one
 * ordered channel), so they are dropped rather than shown twice.
 */
export function RawView({ api, agentId, unhandledLines, onOpenLink }: RawViewProps) {
  const container = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const view = new TerminalView(container.current!, { openLink: onOpenLink });
    view.term.options.disableStdin = true;
    const observer = new ResizeObserver(() => view.fit());
    observer.observe(container.current!);
    let replayed = false;
    const unsubscribe = api.onEvent('agentRaw', (payload) => {
      if (replayed && payload.agentId === agentId) view.term.write(payload.data);
    });
    api.openAgentRaw({ agentId }).then(
      ({ data }) => {
        view.term.write(decodeBase64(data));
        replayed = true;
      },
      (error: unknown) =>
        view.term.write(
          `\r\n[Tether: the raw output could not be read: ${errorMessage(error)}]\r\n`,
        ),
    );
    return () => {
      unsubscribe();
      // The session may have ended already: then nothing is being sent.
      api.closeAgentRaw({ agentId }).catch(() => undefined);
      observer.disconnect();
      view.dispose();
    };
  }, [api, agentId, onOpenLink]);

  return (
    <div className="agent-raw" role="region" aria-label="Raw output">
      {unhandledLines.length > 0 && (
        <div className="agent-unhandled">
          <strong>Output Tether did not understand</strong> (newest last)
          <pre>{unhandledLines.join('\n')}</pre>
        </div>
      )}
      <div className="agent-raw-term" ref={container} />
    </div>
  );
}
