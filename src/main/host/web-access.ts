import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type AccessDecision = { ok: true; viaQuery: boolean } | { ok: false; reason: string };

/**
 * Who may use browser mode: requests addressed to this loopback server by name (so a DNS
 * rebinding page cannot reach it), from no Origin or our own, carrying the per-run token in the
 * query or in the cookie set when the page was first opened with it.
 */
export class WebAccess {
  readonly cookieName: string;
  private readonly hosts: Set<string>;
  private readonly origins: Set<string>;
  private readonly token: Buffer;

  constructor(token: string, port: number) {
    this.token = Buffer.from(token);
    this.cookieName = `tether-${port}`;
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.origins = new Set([...this.hosts].map((host) => `http://${host}`));
  }

  check(url: URL, headers: IncomingHttpHeaders): AccessDecision {
    if (!headers.host || !this.hosts.has(headers.host)) return deny('unexpected Host header');
    const origin = headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) return deny(`foreign origin ${origin}`);
    const fromQuery = url.searchParams.get('token');
    if (fromQuery !== null) {
      return this.matches(fromQuery) ? { ok: true, viaQuery: true } : deny('wrong token');
    }
    const fromCookie = readCookie(headers.cookie, this.cookieName);
    if (fromCookie !== undefined && this.matches(fromCookie)) return { ok: true, viaQuery: false };
    return deny('missing or wrong token');
  }

  sessionCookie(): string {
    return `${this.cookieName}=${this.token.toString()}; HttpOnly; SameSite=Strict; Path=/`;
  }

  private matches(candidate: string): boolean {
    const given = Buffer.from(candidate);
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }
}

function deny(reason: string): AccessDecision {
  return { ok: false, reason };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
