import type { ShellSpec } from '../pty/shell';
import type { AgentDefaults } from './agent-registry';
import type { SettingsFile } from './settings';
import type { TerminalDefaults } from './terminal-registry';

export interface LaunchOptions {
  shell: ShellSpec;
  /** The user's environment, once resolved; absent: the registries' defaults. */
  environment?: Promise<NodeJS.ProcessEnv> | undefined;
  settings?: SettingsFile | undefined;
}

/**
 * What the next terminal or agent starts with: the settings as they are now (the file is followed,
 * so an edit applies without a restart) and the user's environment, which an app started from a
 * launcher resolves once at start. Only what is set is returned, so the defaults fill the rest.
 */
export class LaunchContext {
  constructor(private readonly options: LaunchOptions) {}

  shell(): ShellSpec {
    const chosen = this.options.settings?.current.settings.shell;
    return chosen ? { file: chosen.file, args: chosen.args ?? [] } : this.options.shell;
  }

  async terminal(): Promise<Partial<Pick<TerminalDefaults, 'shell' | 'env' | 'shellIntegration'>>> {
    const env = await this.options.environment;
    const integration = this.options.settings?.current.settings.shellIntegration;
    return {
      shell: this.shell(),
      ...(env ? { env } : {}),
      ...(integration === false ? { shellIntegration: false } : {}),
    };
  }

  /** Where git and other programs the host runs for the user find theirs. */
  async environment(): Promise<NodeJS.ProcessEnv> {
    return (await this.options.environment) ?? process.env;
  }

  /** The `sshConfigFile` setting, as it is now. */
  sshConfigFile(): string | undefined {
    return this.options.settings?.current.settings.sshConfigFile ?? undefined;
  }

  worktreeFolder(): string | null | undefined {
    return this.options.settings?.current.settings.worktreeFolder;
  }

  async agent(): Promise<Partial<Pick<AgentDefaults, 'agentEnv' | 'claudePath' | 'taskTools'>>> {
    const env = await this.options.environment;
    const { claudePath, taskTools } = this.options.settings?.current.settings ?? {};
    return {
      ...(env ? { agentEnv: env } : {}),
      ...(claudePath ? { claudePath } : {}),
      ...(taskTools === false ? { taskTools: false } : {}),
    };
  }
}
