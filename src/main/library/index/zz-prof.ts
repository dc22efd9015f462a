import { SessionLibrary } from './session-library';
const root = process.argv[2]!;
void (async () => {
  let t = performance.now();
  const lib = new SessionLibrary({
    claudeDir: `${root}/.claude`,
    indexDir: `${root}/index`,
    log: console.log,
    watch: false,
  });
  console.log('construct', (performance.now() - t).toFixed(1));
  t = performance.now();
  const n = lib.list().length;
  console.log('list', n, (performance.now() - t).toFixed(1));
  t = performance.now();
  lib.projects();
  console.log('projects', (performance.now() - t).toFixed(1));
  for (const q of process.argv.slice(3)) {
    t = performance.now();
    const h = await lib.search(q);
    console.log('search', q, h.length, (performance.now() - t).toFixed(1));
  }
  t = performance.now();
  await lib.rescan();
  console.log('rescan', (performance.now() - t).toFixed(1));
  await lib.close();
})();
