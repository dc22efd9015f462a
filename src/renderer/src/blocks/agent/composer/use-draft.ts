import { useEffect, useRef } from 'react';
import type { ComposerDraft } from '../../../../../shared/workspace-state';
import type { Paste } from './pasted-text';
import { messageLength, tooLong } from './prompt-limit';

/** Typing goes out this long after the last key, not at each one (each is a workspace save). */
export const DRAFT_DELAY_MS = 300;

function sameDraft(a: ComposerDraft | undefined, b: ComposerDraft | undefined): boolean {
  if (!a || !b) return a === b;
  const pastes = a.pastes ?? [];
  const others = b.pastes ?? [];
  return (
    a.text === b.text &&
    pastes.length === others.length &&
    pastes.every((paste, i) => paste.label === others[i]!.label && paste.text === others[i]!.text)
  );
}

/**
 * Hands what the box holds to `onChange` so that it outlives the page. An emptied box goes at
 * once: a message just sent must not come back as a draft after a reload. A message too long to
 * send is not kept (the workspace file would carry it), so the last one that could be stays.
 */
export function useDraft(
  text: string,
  pastes: readonly Paste[],
  initial: ComposerDraft | undefined,
  onChange: ((draft: ComposerDraft | undefined) => void) | undefined,
): void {
  const reported = useRef(initial);
  const latest = useRef(onChange);
  latest.current = onChange;
  // The labels name the pastes: a paste changes only with the text that holds its label.
  const pasteKey = pastes.map((paste) => paste.label).join('\n');
  useEffect(() => {
    if (tooLong(messageLength(text, pastes))) return;
    const draft: ComposerDraft | undefined =
      text === '' ? undefined : pastes.length > 0 ? { text, pastes: [...pastes] } : { text };
    if (sameDraft(draft, reported.current)) return;
    const report = () => {
      reported.current = draft;
      latest.current?.(draft);
    };
    if (!draft) return report();
    const timer = setTimeout(report, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
    // `pastes` is a new array at each render; `pasteKey` says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, pasteKey]);
}
