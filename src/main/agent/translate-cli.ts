/**
 * `npm run --silent translate`: Claude Code stream-json on stdin → one AgentEvent JSON per line
 * on stdout. Replays saved transcripts; garbage lines are skipped, frames of a known type that
 * cannot be used (fields missing, nested too deep) are skipped with one line on stderr, and it
 * exits 0 at end of input.
 */
import { ClaudeTranslator } from './claude-translator';
import { LineSplitter } from './line-splitter';
import { parseFrame } from './parse-frame';
import type { AgentEvent } from '../../shared/agent-event';

const translator = new ClaudeTranslator();
let batch = '';
let lineNumber = 0;

function emit(events: AgentEvent[]): void {
  for (const event of events) batch += JSON.stringify(event) + '\n';
}

function onLine(line: string): void {
  lineNumber++;
  const frame = parseFrame(line);
  if (frame.kind === 'invalid') {
    process.stderr.write(
      `translate: skipped line ${lineNumber} (${frame.type_name}): ${frame.problem}\n`,
    );
    return;
  }
  emit(translator.push(frame));
}

const splitter = new LineSplitter(onLine, {
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
