import { useLayoutEffect, useRef, useState } from 'react';
import type { HostApi } from '../../../../../shared/host-api';
import { TerminalView } from '../../terminal/terminal-view';
import { useTerminalAppearance } from '../../terminal/use-terminal-appearance';
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
  const [view, setView] = useState<TerminalView | null>(null);
  const appearance = useTerminalAppearance(view);

  useLayoutEffect(() => {
    const created = new TerminalView(container.current!, {
      openLink: onOpenLink,
      appearance: appearance.current,
    });
    setView(created);
    created.term.options.disableStdin = true;
    const observer = new ResizeObserver(() => created.fit());
    observer.observe(container.current!);
    let replayed = false;
    const unsubscribe = api.onEvent('agentRaw', (payload) => {
      if (replayed && payload.agentId === agentId) created.term.write(payload.data);
    });
    api.openAgentRaw({ agentId }).then(
      ({ data }) => {
        created.term.write(decodeBase64(data));
        replayed = true;
      },
      (error: unknown) =>
        created.term.write(
          `\r\n[Tether: the raw output could not be read: ${errorMessage(error)}]\r\n`,
        ),
    );
    return () => {
      unsubscribe();
      // The session may have ended already: then nothing is being sent.
      api.closeAgentRaw({ agentId }).catch(() => undefined);
      observer.disconnect();
      created.dispose();
    };
  }, [api, agentId, onOpenLink, appearance]);

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
