/**
 * What `claude /login` leaves on disk after a Claude subscription's sign-in, with made-up tokens:
 * paths in HOME → text. The pinned CLI takes it as logged in (`claude auth status`), and sends
 * the token to ANTHROPIC_BASE_URL like a key. No vitest imports: e2e specs use it too.
 */
export const SUBSCRIPTION_LOGIN_FILES: Readonly<Record<string, string>> = {
  '.claude/.credentials.json': JSON.stringify({
    claudeAiOauth: {
      accessToken: 'sk-ant-oat01-fake',
      refreshToken: 'sk-ant-ort01-fake',
      expiresAt: 4102444800000,
      scopes: ['user:inference', 'user:profile'],
      subscriptionType: 'max',
    },
  }),
  '.claude.json': JSON.stringify({
    oauthAccount: {
      accountUuid: 'u-1',
      emailAddress: 'ada@example.com',
      organizationUuid: 'o-1',
      organizationName: 'Analytical Engines',
    },
    keptByLogout: true,
  }),
};
