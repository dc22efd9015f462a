/**
 * `npm run --silent translate`: Claude Code stream-json on stdin → one AgentEvent JSON per line
 * on stdout. Replays saved transcripts; garbage lines are skipped, and it exits 0 at end of input.
 */
import { ClaudeTranslator } from './claude-translator';
import { LineSplitter } from './line-splitter';
import type { AgentEvent } from '../../shared/agent-event';

const translator = new ClaudeTranslator();
let batch = '';

function emit(events: AgentEvent[]): void {
  for (const event of events) batch += JSON.stringify(event) + '\n';
}

const splitter = new LineSplitter((line) => emit(translator.pushLine(line)), {
  onOversizedLine: (bytes) => process.stderr.write(`translate: skipped a ${bytes}-byte line\n`),
});

// A closed reader (e.g. `| head`) is not an error for a filter.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

process.stdin.on('data', (chunk: Buffer) => {
  splitter.push(chunk);
  if (batch.length > 0) {
    const ok = process.stdout.write(batch);
    batch = '';
    if (!ok) {
      process.stdin.pause();
      process.stdout.once('drain', () => process.stdin.resume());
    }
  }
});

process.stdin.on('end', () => {
  splitter.end();
  emit(translator.end());
  process.stdout.write(batch, () => process.exit(0));
});
