import { useEffect, useRef } from 'react';
import type { BlockProps } from '../registry';

/** Placeholder until agent sessions land: a focusable region that says what is coming. */
export function AgentBlock({ handleRef }: BlockProps) {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    handleRef({ focus: () => body.current?.focus(), run: () => undefined });
    return () => handleRef(null);
  });
  return (
    <div className="agent-block" ref={body} tabIndex={0}>
      <p>Agent sessions (Claude Code) will open here.</p>
    </div>
  );
}
