import {
  colorThemes,
  DEFAULT_TERMINAL_FONT_SIZE,
  type ColorTheme,
} from '../../../../shared/settings';
import { NumberSettingField, SettingField } from './SettingField';
import type { SettingsPageProps } from './settings-page';

const themeNames: Record<ColorTheme, string> = {
  system: 'Follow the system',
  light: 'Light',
  dark: 'Dark',
};

/** The terminal's font and the colour theme, which open blocks take at once. */
export function AppearancePage({ file: { settings }, change }: SettingsPageProps) {
  const theme = settings.theme ?? 'system';
  return (
    <>
      <p className="tether-settings-note">
        Font and theme apply at once, to the terminals already open too.
      </p>
      <SettingField
        label="Terminal font family"
        value={settings.terminalFontFamily ?? null}
        placeholder="Tether's monospace fonts"
        onCommit={(terminalFontFamily) => change({ terminalFontFamily })}
      />
      <NumberSettingField
        label="Terminal font size"
        min={6}
        max={72}
        value={settings.terminalFontSize}
        placeholder={DEFAULT_TERMINAL_FONT_SIZE}
        onCommit={(terminalFontSize) => change({ terminalFontSize })}
      />
      <fieldset className="tether-setting">
        <legend>Theme</legend>
        {colorThemes.map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="theme"
              checked={theme === choice}
              onChange={() => change({ theme: choice === 'system' ? null : choice })}
            />
            {themeNames[choice]}
          </label>
        ))}
      </fieldset>
    </>
  );
}
