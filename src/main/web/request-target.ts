/**
 * The path and query of an HTTP request target, or null for anything but the origin form
 * (`/path?query`) that a browser sends to a server it talks to directly. Absolute targets (a
 * proxy's), `*`, and paths the URL parser rejects are answered 400 by the caller: an attacker's
 * page can send any of them, and none may throw.
 */
export function requestTarget(raw: string | undefined): URL | null {
  if (!raw?.startsWith('/')) return null;
  try {
    // Prefixed, not resolved against a base: `//host/…` must stay a path, never become a host.
    const url = new URL(`http://127.0.0.1${raw}`);
    return url.host === '127.0.0.1' ? url : null;
  } catch {
    return null;
  }
}
