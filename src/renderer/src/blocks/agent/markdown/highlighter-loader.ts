import type { createLowlight } from 'lowlight';
import { errorMessage } from '../../../../../shared/error-message';

// highlight.js with its common languages is a fifth of the page's code, and most transcripts
// show no fenced code for a while: it loads the first time a code block asks for colours.
// No React here: the Markdown worker loads the highlighter too.

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

/** Whether the highlighter has loaded, without starting the load. */
export function highlighterLoaded(): boolean {
  return loaded !== null;
}

/** Calls `listener` once the highlighter has loaded; returns what stops that. */
export function onHighlighterLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A fence line as CommonMark has it: up to three spaces, then ``` or ~~~. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/m;
