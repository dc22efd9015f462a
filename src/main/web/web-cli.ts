import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { errorMessage } from '../../shared/error-message';
import { workspaceStateSchema } from '../../shared/workspace-state';
import { resolveUserEnvironment } from '../platform/user-environment';
import { defaultShell } from '../pty/shell';
import { browserStateDir } from '../host/config-dir';
import { Host } from '../host/host';
import { JsonFile } from '../host/json-file';
import { SettingsFile } from '../host/settings';
import { keepRunningOnErrors } from '../host/last-resort';
import { startDirectory } from '../host/start-directory';
import { claimStateDir } from './running-instance';
import { startWebServer } from './web-server';

// `npm run web [-- --port N --cwd DIR --state-dir DIR]`: Tether in a browser tab, no Electron.

const usage = 'usage: npm run web -- [--port N] [--cwd DIR] [--state-dir DIR] [--help]';

function fail(message: string): never {
  console.error(`tether web: ${message}\n${usage}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        cwd: { type: 'string' },
        'state-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(errorMessage(error));
  }
  if (values.help) {
    console.log(
      `${usage}\n\nTether in a browser tab: prints the page's address (with its access token).\n` +
        '  --port N         listen on 127.0.0.1:N (default: a free port)\n' +
        '  --cwd DIR        where new blocks start (default: the folder npm was run from)\n' +
        `  --state-dir DIR  the workspace's folder (default: ${browserStateDir()})`,
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`bad port ${values.port}`);
  const workspaceDir = values.cwd ? resolve(values.cwd) : startDirectory();
  if (!existsSync(workspaceDir) || !statSync(workspaceDir).isDirectory()) {
    fail(`${workspaceDir} is not a directory`);
  }
  const rendererDir = resolve(__dirname, '../../../out/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    fail(`no built renderer in ${rendererDir}; run "npm run build" first`);
  }
  const stateDir = resolve(values['state-dir'] ?? browserStateDir());
  const claim = await claimStateDir(stateDir);
  if (!claim.held) {
    // The address alone on its line, as a server that starts prints it: `npm start` opens it.
    // Returning, not exiting: the line must reach a piped stdout whole.
    if (claim.url) {
      console.log(`Tether browser mode is already running on ${stateDir}:\n${claim.url}`);
      return;
    }
    console.error(`tether web: another Tether is starting on ${stateDir}; use its page.`);
    process.exitCode = 1;
    return;
  }
  process.once('exit', () => claim.release());

  const settings = new SettingsFile(join(stateDir, 'settings.json'));
  settings.watch();
  const shell = defaultShell();
  const host = new Host({
    workspaceDir,
    shell,
    environment: resolveUserEnvironment({
      platform: process.platform,
      env: process.env,
      shell: shell.file,
    }),
    settings,
    workspace: new JsonFile(join(stateDir, 'browser-workspace.json'), workspaceStateSchema),
    agentLogDir: join(stateDir, 'agents'),
    libraryIndexDir: join(stateDir, 'library'),
    remote: { recentFile: join(stateDir, 'recent-hosts.json') },
  });
  let server;
  try {
    server = await startWebServer({ host, rendererDir, port });
  } catch (error) {
    fail(`cannot listen on 127.0.0.1:${port} (${errorMessage(error)})`);
  }
  claim.publish(server.url);
  keepRunningOnErrors(process, (message) => console.error(message));
  console.log(`Tether browser mode in ${workspaceDir}\n${server.url}`);

  const stop = async () => {
    await host.dispose();
    await server.dispose();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main();
