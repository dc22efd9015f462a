/**
 * A link from terminal output or model text may be opened outside Tether only when it is a
 * well-formed http(s) URL without credentials; everything else (file:, javascript:, custom
 * schemes that launch programs) is refused.
 */
export function safeExternalUrl(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}
