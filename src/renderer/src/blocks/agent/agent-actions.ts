import { createContext } from 'react';

/** What parts deep in an agent block's transcript can ask of the workspace around it. */
export interface AgentActions {
  /** Types a command into a terminal in the session's folder, not run until the user says. */
  runInTerminal?(command: string): void;
  /** "Rewind code to here": opens the Rewind files dialog for the prompt `uuid`. */
  rewindTo?(uuid: string): void;
  /** "Fork from here": a new agent block whose conversation stops before the prompt `uuid`. */
  forkBefore?(uuid: string, text: string): void;
  /** "Log in to Claude", offered where the CLI said it has no credentials or they were refused. */
  logIn?(): void;
}

export const AgentActionsContext = createContext<AgentActions>({});

/**
 * Why "Rewind code to here" cannot run now (a turn runs, the session has not started or has
 * ended), or null when it can. Its own context, not a field of the actions: it changes with every
 * turn, and only the prompts' buttons need to render again for it.
 */
export const RewindUnavailableContext = createContext<string | null>(null);
