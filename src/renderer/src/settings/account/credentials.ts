import type { ClaudeAccount } from '../../../../shared/contract/claude-account';

const PROVIDERS: Record<string, string> = {
  bedrock: 'Amazon Bedrock',
  vertex: 'Google Vertex AI',
  foundry: 'Microsoft Foundry',
};

/**
 * Where the CLI's credentials come from, in words (`claude auth status`: `authMethod`,
 * `apiKeySource`, `apiProvider`).
 */
export function credentialsSource(account: ClaudeAccount): string {
  const provider = account.apiProvider && PROVIDERS[account.apiProvider];
  if (provider) return `${provider} (its own credentials)`;
  if (account.apiKeySource === 'apiKeyHelper') return 'An API key from the apiKeyHelper setting';
  if (account.apiKeySource) return `An API key from ${account.apiKeySource}`;
  switch (account.authMethod) {
    case 'claude.ai':
      return 'A Claude subscription';
    case 'console':
    case 'oauth':
      return 'The Anthropic Console';
    case 'oauth_token':
      return 'An OAuth token (CLAUDE_CODE_OAUTH_TOKEN)';
    case undefined:
    case 'none':
      return account.loggedIn ? 'Unknown' : 'None: not logged in';
    default:
      return account.authMethod;
  }
}
