import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type AccessDecision = { ok: true } | { ok: false; reason: string };

/**
 * Who may use browser mode. Every request must be addressed to this loopback server by name (so a
 * DNS-rebinding page cannot reach it) and come from no Origin or our own. The host itself (the
 * WebSocket) also needs the per-run token, which the page sends explicitly: no cookie or other
 * ambient credential carries it, because cookies ignore ports and every server on 127.0.0.1 would
 * receive it.
 */
export class WebAccess {
  private readonly hosts: Set<string>;
  private readonly origins: Set<string>;
  private readonly token: Buffer;

  constructor(token: string, port: number) {
    this.token = Buffer.from(token);
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.origins = new Set([...this.hosts].map((host) => `http://${host}`));
  }

  /** For the page and its assets, which hold no secret: the right server, asked by our page. */
  checkOrigin(headers: IncomingHttpHeaders): AccessDecision {
    if (!headers.host || !this.hosts.has(headers.host)) return deny('unexpected Host header');
    const origin = headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) return deny(`foreign origin ${origin}`);
    return { ok: true };
  }

  /** For the host: the above, plus the token. */
  checkToken(candidate: string | null | undefined, headers: IncomingHttpHeaders): AccessDecision {
    const origin = this.checkOrigin(headers);
    if (!origin.ok) return origin;
    return candidate && this.matches(candidate) ? origin : deny('missing or wrong token');
  }

  private matches(candidate: string): boolean {
    const given = Buffer.from(candidate);
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }
}

function deny(reason: string): AccessDecision {
  return { ok: false, reason };
}
