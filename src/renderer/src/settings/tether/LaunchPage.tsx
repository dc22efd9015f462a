import { NumberSettingField, SettingField } from './SettingField';
import type { SettingsPageProps } from './settings-page';

/** What new terminals and agents start with, and how long blocks wait for their page. */
export function LaunchPage({ file: { settings, defaults }, change }: SettingsPageProps) {
  const shell = settings.shell ?? null;
  return (
    <>
      <p className="tether-settings-note">
        The shell applies to terminals opened from now on and the Claude binary to agents started
        from now on; the blocks already open keep theirs.
      </p>
      <SettingField
        label="Shell program"
        value={shell?.file ?? null}
        placeholder={defaults.shell}
        onCommit={(file) =>
          change({ shell: file === null ? null : { file, args: shell?.args ?? [] } })
        }
      />
      <SettingField
        label="Shell arguments, one per line"
        multiline
        value={shell?.args?.join('\n') || null}
        placeholder="none"
        onCommit={(args) =>
          change({
            shell: { file: shell?.file ?? defaults.shell, args: args?.split('\n') ?? [] },
          })
        }
      />
      <SettingField
        label="Claude binary (claudePath)"
        value={settings.claudePath ?? null}
        placeholder="claude, found on your PATH"
        onCommit={(claudePath) => change({ claudePath })}
      />
      <SettingField
        label="Worktree folder"
        value={settings.worktreeFolder ?? null}
        placeholder="<repository>.worktrees, beside the repository"
        onCommit={(worktreeFolder) => change({ worktreeFolder })}
      >
        <small>
          Absolute, ~/…, or relative to the repository; for the next New agent in worktree.
        </small>
      </SettingField>
      <NumberSettingField
        label="Reattach grace (seconds)"
        min={0}
        max={86_400}
        value={settings.reattachGraceSeconds}
        placeholder={defaults.reattachGraceSeconds}
        onCommit={(reattachGraceSeconds) => change({ reattachGraceSeconds })}
      >
        <small>
          How long a page&apos;s terminals and agents wait for it after a reload or a lost
          connection; 0 ends them at once.
        </small>
      </NumberSettingField>
    </>
  );
}
