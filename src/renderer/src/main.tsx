import '@xterm/xterm/css/xterm.css';
import './styles.css';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectHost, type ConnectionProblem } from './host/connect-host';

let problem: ConnectionProblem | null = null;
const watchers = new Set<() => void>();
const api = connectHost((found) => {
  problem = found;
  for (const notify of watchers) notify();
});
const watch = (notify: () => void) => {
  watchers.add(notify);
  return () => watchers.delete(notify);
};

function Root() {
  return <App api={api} problem={useSyncExternalStore(watch, () => problem)} />;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
