import { useSyncExternalStore } from 'react';
import type { createLowlight } from 'lowlight';
import { errorMessage } from '../../../../../shared/error-message';

// highlight.js with its common languages is a fifth of the page's code, and most transcripts
// show no fenced code for a while: it loads the first time a code block asks for colours.

type Highlighter = ReturnType<typeof createLowlight>;

// One for the whole app: registering its languages costs milliseconds, and react-markdown builds
// its pipeline (plugins included) anew on every render of a message.
let loaded: Highlighter | null = null;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Loads the highlighter once; resolves when it is there (or could not be loaded). */
export function loadHighlighter(): Promise<void> {
  loading ??= import('lowlight').then(
    ({ common, createLowlight }) => {
      loaded = createLowlight(common);
      for (const listener of listeners) listener();
    },
    // The code stays readable without colours; the next page load tries again.
    (error: unknown) =>
      console.warn(`tether: code highlighting is unavailable (${errorMessage(error)})`),
  );
  return loading;
}

/** The highlighter once it has loaded; before that null, and asking starts the load. */
export function highlighter(): Highlighter | null {
  if (!loaded) void loadHighlighter();
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A fence line as CommonMark has it: up to three spaces, then ``` or ~~~. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/m;

/**
 * Makes a component showing this Markdown render again once the highlighter has loaded, when the
 * text has a fenced code block to colour; text without one (or not `enabled`) never renders again
 * for it.
 */
export function useHighlighterFor(text: string, enabled = true): void {
  const colourable = () => enabled && loaded !== null && FENCE.test(text);
  // The same for a page rendered to a string (an exported transcript).
  useSyncExternalStore(subscribe, colourable, colourable);
}
