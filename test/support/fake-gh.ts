import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A pull request as the stand-in gh keeps it (gh's own field names). */
export interface FakePr {
  number: number;
  url: string;
  title: string;
  body: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  isDraft: boolean;
  head: string;
  base: string;
}

/** A check as `gh pr checks --json name,state,bucket,link` lists it. */
export interface FakeCheck {
  name: string;
  state: string;
  bucket: 'pass' | 'fail' | 'pending' | 'skipping' | 'cancel';
  link: string;
}

/** What the stand-in answers; the tests change it between calls. */
export interface FakeGhState {
  loggedIn: boolean;
  pr: FakePr | null;
  /** null: gh says no checks were reported. */
  checks: FakeCheck[] | null;
  /** What `gh run view RUN --log-failed` prints. */
  failedLog: string;
}

export interface FakeGh {
  /** The folder holding `gh`: put it first on PATH. */
  bin: string;
  /** PATH with the stand-in first. */
  path(base?: string): string;
  /** Each call's arguments, in order. */
  calls(): string[][];
  state(): FakeGhState;
  setState(patch: Partial<FakeGhState>): void;
}

/**
 * The stand-in itself: plain Node, no dependencies, so it runs wherever the tests run. Its words
 * and exit codes are gh's own (2.x): `auth status` logged out says "You are not logged into any
 * GitHub hosts" and exits 1; any other command logged out exits 4; a branch with no pull request
 * is "no pull requests found for branch"; one with no checks is "no checks reported".
 */
const SCRIPT = String.raw`
const fs = require('node:fs');
const [stateFile, callsFile] = [process.env.FAKE_GH_STATE, process.env.FAKE_GH_CALLS];
const args = process.argv.slice(2);
fs.appendFileSync(callsFile, JSON.stringify(args) + '\n');
const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
const save = () => fs.writeFileSync(stateFile, JSON.stringify(state));
const fail = (text, code) => { process.stderr.write(text + '\n'); process.exit(code); };
const flag = (name) => {
  const at = args.findIndex((a) => a === '--' + name || a.startsWith('--' + name + '='));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
};
const fields = (list, wanted) => {
  const pick = (item) => Object.fromEntries(wanted.split(',').map((f) => [f, item[f]]));
  return JSON.stringify(Array.isArray(list) ? list.map(pick) : pick(list));
};
const command = args.slice(0, 2).join(' ');
if (command === 'auth status') {
  if (!state.loggedIn) fail('You are not logged into any GitHub hosts. To log in, run: gh auth login', 1);
  process.stderr.write('github.com\n  ✓ Logged in to github.com account tester (keyring)\n');
  process.exit(0);
}
if (!state.loggedIn) {
  fail('To get started with GitHub CLI, please run:  gh auth login\nAlternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.', 4);
}
if (command === 'pr create') {
  const number = (state.pr ? state.pr.number : 0) + 1;
  state.pr = {
    number, url: 'https://github.com/tester/project/pull/' + number,
    title: flag('title'), body: flag('body'), state: 'OPEN', isDraft: args.includes('--draft'),
    head: flag('head'), base: flag('base'),
  };
  save();
  process.stdout.write(state.pr.url + '\n');
} else if (command === 'pr view') {
  if (!state.pr || state.pr.head !== args[2]) fail('no pull requests found for branch "' + args[2] + '"', 1);
  process.stdout.write(fields(state.pr, flag('json')) + '\n');
} else if (command === 'pr checks') {
  if (!state.checks) fail("no checks reported on the '" + args[2] + "' branch", 1);
  process.stdout.write(fields(state.checks, flag('json')) + '\n');
} else if (command === 'run view' && args.includes('--log-failed')) {
  process.stdout.write(state.failedLog);
} else {
  fail('unknown command "' + args.join(' ') + '" for "gh"', 1);
}
`;

/** Writes a stand-in `gh` into `folder/bin`, keeping its state and the calls it had in `folder`. */
export function installFakeGh(folder: string, initial: Partial<FakeGhState> = {}): FakeGh {
  const bin = join(folder, 'bin');
  mkdirSync(bin, { recursive: true });
  const stateFile = join(folder, 'gh-state.json');
  const callsFile = join(folder, 'gh-calls.jsonl');
  const script = join(folder, 'fake-gh.cjs');
  writeFileSync(script, SCRIPT);
  const state: FakeGhState = { loggedIn: true, pr: null, checks: null, failedLog: '', ...initial };
  writeFileSync(stateFile, JSON.stringify(state));
  writeFileSync(callsFile, '');
  // The files are named in the launcher, so gh needs nothing from the caller's environment.
  const vars = `FAKE_GH_STATE='${stateFile}' FAKE_GH_CALLS='${callsFile}'`;
  const launcher = join(bin, 'gh');
  writeFileSync(launcher, `#!/bin/sh\n${vars} exec '${process.execPath}' '${script}' "$@"\n`);
  chmodSync(launcher, 0o755);
  const read = (): FakeGhState => JSON.parse(readFileSync(stateFile, 'utf8')) as FakeGhState;
  return {
    bin,
    path: (base = process.env['PATH'] ?? '') => `${bin}${delimiter}${base}`,
    calls: () =>
      existsSync(callsFile)
        ? readFileSync(callsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as string[])
        : [],
    state: read,
    setState: (patch) => writeFileSync(stateFile, JSON.stringify({ ...read(), ...patch })),
  };
}
