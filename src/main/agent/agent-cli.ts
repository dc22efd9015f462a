/**
 * `npm run -s agent -- [--cwd DIR] [--permission allow|deny|ask] [--model M] [--resume ID]
 *  [--transport pty|pipe] PROMPT...` — one turn through the same AgentSession the app uses,
 * every AgentEvent printed as one JSON line. Exits 0 after `done`, 1 after `error`, 2 when the
 * session cannot start (one line on stderr saying why).
 */
import { openSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ReadStream } from 'node:tty';
import { parseArgs } from 'node:util';
import type { PermissionDecision } from '../../shared/agent-control';
import { PERMISSION_MODES, type PermissionMode } from '../../shared/agent-control';
import type { AgentEvent } from '../../shared/agent-event';
import { errorMessage } from '../../shared/error-message';
import { AgentSession } from './agent-session';
import { chooseTransport, type TransportKind } from './transport/transport';

const USAGE =
  'usage: npm run -s agent -- [--cwd DIR] [--permission allow|deny|ask] [--model M] [--resume ID] [--permission-mode MODE] [--transport pty|pipe] PROMPT... (PROMPT "-" reads stdin)';

function fail(message: string, code = 2): never {
  process.stderr.write(`agent: ${message}\n`);
  process.exit(code);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        cwd: { type: 'string' },
        permission: { type: 'string', default: 'ask' },
        'permission-mode': { type: 'string' },
        model: { type: 'string' },
        resume: { type: 'string' },
        transport: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${errorMessage(error)}\n${USAGE}`);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** Asks on the controlling terminal, even when stdin carried the prompt. */
async function askOnTerminal(
  event: AgentEvent & { type: 'permission_request' },
): Promise<PermissionDecision> {
  let input: NodeJS.ReadableStream;
  try {
    input = process.stdin.isTTY ? process.stdin : new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    process.stderr.write(
      'agent: no terminal to ask on; denying. Use --permission allow or deny.\n',
    );
    return { behavior: 'deny', message: 'No one was there to approve this tool use.' };
  }
  const rl = createInterface({ input, output: process.stderr });
  const what = JSON.stringify(event.input);
  const answer = await new Promise<string>((resolve) =>
    rl.question(
      `Allow ${event.tool_name} ${what.length > 300 ? what.slice(0, 300) + '…' : what}? [y]es / [a]lways / [n]o: `,
      resolve,
    ),
  );
  rl.close();
  if (input !== process.stdin) (input as ReadStream).destroy();
  switch (answer.trim().toLowerCase()[0]) {
    case 'y':
      return { behavior: 'allow' };
    case 'a':
      return { behavior: 'allow_always' };
    default:
      return { behavior: 'deny', message: 'The user denied this tool use.' };
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parse();
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const policy = values.permission;
  if (policy !== 'allow' && policy !== 'deny' && policy !== 'ask')
    fail(`--permission must be allow, deny or ask\n${USAGE}`);
  const requested = values.transport;
  if (requested !== undefined && requested !== 'pty' && requested !== 'pipe')
    fail(`--transport must be pty or pipe\n${USAGE}`);
  const transport = chooseTransport(requested as TransportKind | undefined, process.platform);
  const mode = values['permission-mode'];
  if (mode !== undefined && !PERMISSION_MODES.includes(mode as PermissionMode)) {
    fail(`--permission-mode must be one of ${PERMISSION_MODES.join(', ')}`);
  }
  if (positionals.length === 0) fail(`no prompt given\n${USAGE}`);
  const prompt =
    positionals.length === 1 && positionals[0] === '-'
      ? await readAll(process.stdin)
      : positionals.join(' ');
  if (!prompt.trim()) fail('the prompt is empty');

  const session = new AgentSession();
  let exitCode: number | null = null;
  const finish = async (code: number) => {
    if (exitCode !== null) return;
    exitCode = code;
    await session.dispose();
    process.exit(code);
  };

  session.onEvent((event) => {
    process.stdout.write(JSON.stringify(event) + '\n');
    if (event.type === 'permission_request') {
      const decide =
        policy === 'allow'
          ? Promise.resolve<PermissionDecision>({ behavior: 'allow' })
          : policy === 'deny'
            ? Promise.resolve<PermissionDecision>({
                behavior: 'deny',
                message: 'Denied by --permission deny.',
              })
            : askOnTerminal(event);
      void decide.then((decision) => session.answerPermission(event.request_id, decision));
    }
    // This command line shows no forms: the MCP server hears that the user declined.
    if (event.type === 'elicitation_request') {
      process.stderr.write(`agent: declined a form from MCP server ${event.server_name}.\n`);
      session.answerPermission(event.request_id, { behavior: 'decline' });
    }
    if (event.type === 'done') void finish(0);
    if (event.type === 'error') void finish(1);
  });
  // First Ctrl+C interrupts the turn (the session stays consistent); a second one ends it.
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) void finish(130);
    interrupted = true;
    session.interrupt().catch(() => void finish(130));
  });

  try {
    await session.start({
      cwd: values.cwd ?? process.cwd(),
      transport,
      ...(values.model ? { model: values.model } : {}),
      ...(values.resume ? { resume: values.resume } : {}),
      ...(mode ? { permissionMode: mode as PermissionMode } : {}),
    });
  } catch (error) {
    fail(errorMessage(error));
  }
  // Started: from here on, an exit we did not ask for is the CLI dying mid-turn.
  session.onLifecycle((state) => {
    if (state.state === 'unresponsive') {
      process.stderr.write('agent: Claude Code is not responding; it may be stopped or stuck.\n');
    }
    if (state.state === 'exited' && exitCode === null) {
      process.stderr.write(`agent: ${state.message}\n`);
      void finish(1);
    }
  });

  session.send(prompt);
}

main().catch((error: unknown) => fail(errorMessage(error)));
