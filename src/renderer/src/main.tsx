import '@xterm/xterm/css/xterm.css';
import './styles.css';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectHost } from './host/connect-host';

let lost = false;
const watchers = new Set<() => void>();
const api = connectHost(() => {
  lost = true;
  for (const notify of watchers) notify();
});
const watch = (notify: () => void) => {
  watchers.add(notify);
  return () => watchers.delete(notify);
};

function Root() {
  const disconnected = useSyncExternalStore(watch, () => lost);
  return <App api={api} disconnected={disconnected} />;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
