import { useSyncExternalStore } from 'react';
import { FENCE, highlighterLoaded, onHighlighterLoaded } from './highlighter-loader';

/**
 * Makes a component showing this Markdown render again once the highlighter has loaded, when the
 * text has a fenced code block to colour; text without one (or not `enabled`) never renders again
 * for it.
 */
export function useHighlighterFor(text: string, enabled = true): void {
  const colourable = () => enabled && highlighterLoaded() && FENCE.test(text);
  // The same for a page rendered to a string (an exported transcript).
  useSyncExternalStore(onHighlighterLoaded, colourable, colourable);
}
