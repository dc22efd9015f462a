import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix } from 'node:path';

/**
 * Where a remote block runs: a Host alias of the user's ssh config, or a host typed as
 * `user@host:port`. `user` and `port` left out are ssh's to decide (the config, else its defaults).
 */
export interface SshTarget {
  host: string;
  user?: string;
  port?: number;
}

/** ssh's own bound on nested `Include`s (READCONF_MAX_DEPTH). */
const MAX_INCLUDE_DEPTH = 16;

export interface HostListOptions {
  /** The home whose `.ssh/config` is read, and against which `~` and relative includes resolve. */
  home?: string;
  /** Another config file instead of `<home>/.ssh/config` (`ssh -F`). */
  configFile?: string;
}

/**
 * The hosts the user named in their ssh config, in the order ssh reads them: every `Host`
 * pattern that names one host (no wildcard, no negation), with `Include`d files followed as ssh
 * follows them (relative to `~/.ssh`, globs expanded in sorted order). Unreadable files are
 * skipped: ssh would fail on them itself, and the list is only a convenience.
 */
export function configuredHosts(options: HostListOptions = {}): string[] {
  const home = options.home ?? homedir();
  const sshDir = posix.join(home, '.ssh');
  const hosts = new Set<string>();
  const read = (file: string, depth: number) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const { keyword, args } of configLines(text)) {
      if (keyword === 'host') {
        for (const pattern of args) if (!/[*?!]/.test(pattern)) hosts.add(pattern);
      } else if (keyword === 'include' && depth < MAX_INCLUDE_DEPTH) {
        for (const arg of args) {
          const expanded = arg.startsWith('~/') ? posix.join(home, arg.slice(2)) : arg;
          const absolute = posix.isAbsolute(expanded) ? expanded : posix.join(sshDir, expanded);
          for (const included of expandGlob(absolute)) read(included, depth + 1);
        }
      }
    }
  };
  read(options.configFile ?? posix.join(sshDir, 'config'), 0);
  return [...hosts];
}

/** Each directive as ssh reads it: `Keyword args` or `Keyword=args`, quotes grouping words. */
function* configLines(text: string): Generator<{ keyword: string; args: string[] }> {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^([^\s=]+)\s*(?:=\s*|\s)(.*)$/.exec(line);
    if (!match) continue;
    yield { keyword: match[1]!.toLowerCase(), args: words(match[2]!) };
  }
}

function words(text: string): string[] {
  const result: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(#.*)|([^\s"']+)/g)) {
    if (match[3] !== undefined) break; // a comment runs to the end of the line
    result.push(match[1] ?? match[2] ?? match[4]!);
  }
  return result;
}

/** The files a path with `*` and `?` in any of its parts names, sorted as glob(3) sorts them. */
function expandGlob(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  let found = ['/'];
  for (const part of parts) {
    if (!/[*?]/.test(part)) {
      found = found.map((dir) => posix.join(dir, part));
      continue;
    }
    const pattern = new RegExp(
      `^${part
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    );
    found = found.flatMap((dir) => {
      try {
        return readdirSync(dir)
          .filter((name) => pattern.test(name) && !(name.startsWith('.') && !part.startsWith('.')))
          .sort()
          .map((name) => posix.join(dir, name));
      } catch {
        return [];
      }
    });
  }
  return found;
}

/**
 * A host as typed: `host`, `user@host`, `host:port`, `user@host:port`, an IPv6 address bare
 * (`::1`, no port then) or in brackets (`[::1]:2222`), optionally as an `ssh://` URL. Throws a
 * sentence for the user when it is not one. Nothing may start with `-`, which ssh would read as
 * an option.
 */
export function parseTarget(typed: string): SshTarget {
  const text = typed.trim().replace(/^ssh:\/\//, '');
  if (!text) throw new Error('Type a host to connect to, as host, user@host or user@host:port.');
  const at = text.lastIndexOf('@');
  const user = at === -1 ? undefined : text.slice(0, at);
  const rest = at === -1 ? text : text.slice(at + 1);
  let host: string;
  let port: string | undefined;
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close === -1)
      throw new Error(`"${typed}" opens a [ for an IPv6 address but never closes it.`);
    host = rest.slice(1, close);
    const after = rest.slice(close + 1);
    if (after && !after.startsWith(':')) throw new Error(`"${typed}" has "${after}" after the ].`);
    port = after ? after.slice(1) : undefined;
  } else if (rest.split(':').length === 2) {
    [host, port] = rest.split(':') as [string, string];
  } else {
    host = rest; // no colon, or an IPv6 address written without brackets
  }
  if (!host) throw new Error(`"${typed}" names no host.`);
  if (!isWord(host)) throw new Error(`"${host}" is not a host name.`);
  if (user !== undefined && !isWord(user)) throw new Error(`"${user}" is not a user name.`);
  const target: SshTarget = { host };
  if (user !== undefined) target.user = user;
  if (port !== undefined) {
    const number = /^\d{1,5}$/.test(port) ? Number(port) : 0;
    if (number < 1 || number > 65535) throw new Error(`"${port}" is not a port (1 to 65535).`);
    target.port = number;
  }
  return target;
}

/** The target as the user would type it back. */
export function formatTarget(target: SshTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `${target.user ? `${target.user}@` : ''}${host}${target.port ? `:${target.port}` : ''}`;
}

/**
 * One word that ssh cannot take for an option, with none of the characters a shell reads: an
 * OpenSSH older than 9.6 puts the host and user as typed into a `ProxyCommand` of the user's
 * config (`%h`, `%r`), which a shell runs. Newer ones refuse such names themselves.
 */
function isWord(text: string): boolean {
  return (
    text.length > 0 &&
    !text.startsWith('-') &&
    // eslint-disable-next-line no-control-regex
    !/[\s\u0000-\u001f\u007f/'"`$\\;&<>|(){}!*?]/.test(text)
  );
}
