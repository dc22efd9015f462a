import { app } from 'electron';
import { errorMessage } from '../../shared/error-message';

export interface QuitOptions {
  /** Ends every shell and agent the host started. */
  dispose(): Promise<void>;
  /** Kills whatever is still running once the deadline has passed. */
  killLeftovers(): void;
  deadlineMs: number;
  log(message: string): void;
}

/**
 * Holds the quit until the host has ended every shell and agent, so none is left behind, but no
 * longer than the deadline: a shell that ignores its hangup, or a kill that blocks, must not keep
 * the app from quitting. A second quit while the first waits changes nothing.
 */
export function holdQuitForTeardown({ dispose, killLeftovers, deadlineMs, log }: QuitOptions) {
  let stage: 'running' | 'ending' | 'ended' = 'running';
  app.on('before-quit', (event) => {
    if (stage === 'ended') return;
    event.preventDefault();
    if (stage === 'ending') return;
    stage = 'ending';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const ended = dispose().then(
      () => 'ended' as const,
      (error: unknown) => {
        log(`tether: ending the shells at quit failed: ${errorMessage(error)}`);
        return 'failed' as const;
      },
    );
    void Promise.race([ended, late]).then((outcome) => {
      clearTimeout(timer);
      try {
        if (outcome !== 'ended') {
          if (outcome === 'late') log(`tether: shells still running ${deadlineMs} ms after quit`);
          killLeftovers();
        }
      } catch (error) {
        log(`tether: killing what was left at quit failed: ${errorMessage(error)}`);
      } finally {
        // Whatever the teardown did, the user asked to quit.
        stage = 'ended';
        app.quit();
      }
    });
  });
}
