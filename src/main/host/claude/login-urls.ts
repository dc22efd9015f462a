/** The two pages `claude_authenticate` answers with: one calls the CLI back, one shows a code. */
export interface LoginUrls {
  /** Redirects to `http://localhost:<port>/callback`, where the CLI listens. */
  automaticUrl: string;
  /** Redirects to Anthropic's page that shows the code to paste. */
  manualUrl: string;
}

export function loginUrlsOf(response: Record<string, unknown>): LoginUrls {
  const { automaticUrl, manualUrl } = response;
  if (typeof automaticUrl !== 'string' || typeof manualUrl !== 'string') {
    throw new Error('Claude Code did not return a sign-in page.');
  }
  return { automaticUrl, manualUrl };
}
