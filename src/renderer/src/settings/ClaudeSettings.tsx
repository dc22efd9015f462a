import type { HostApi } from '../../../shared/host-api';
import { TabbedDialog, type DialogTab } from '../ui/TabbedDialog';
import { McpServersPage } from './mcp/McpServersPage';
import { AccountPage } from './account/AccountPage';
import { CommandsPage } from './commands/CommandsPage';
import { HooksPage } from './hooks/HooksPage';
import { MemoryPage } from './memory/MemoryPage';
import { PermissionRulesPage } from './rules/PermissionRulesPage';

/** What every page of "Claude settings" is about: an agent block's session, if one is open. */
export interface ClaudeSettingsScope {
  api: HostApi;
  /** The agent block whose session (and folder, for the project scope) the settings are of. */
  agentId: string | null;
}

/** The pages, in the order of their tabs; each is a module of its own in this folder. */
const pages: readonly { name: string; Page(scope: ClaudeSettingsScope): React.ReactNode }[] = [
  { name: 'MCP servers', Page: McpServersPage },
  { name: 'Permission rules', Page: PermissionRulesPage },
  { name: 'Hooks', Page: HooksPage },
  { name: 'Memory', Page: MemoryPage },
  { name: 'Commands, agents and skills', Page: CommandsPage },
  { name: 'Account', Page: AccountPage },
];

interface ClaudeSettingsProps extends ClaudeSettingsScope {
  initialTab?: string;
  onClose(): void;
}

/** "Claude settings": Claude Code's own configuration, which the CLI shows only in its TUI. */
export function ClaudeSettings({ api, agentId, initialTab, onClose }: ClaudeSettingsProps) {
  const tabs: DialogTab[] = pages.map(({ name, Page }) => ({
    name,
    render: () => <Page api={api} agentId={agentId} />,
  }));
  return (
    <TabbedDialog label="Claude settings" tabs={tabs} initialTab={initialTab} onClose={onClose} />
  );
}
