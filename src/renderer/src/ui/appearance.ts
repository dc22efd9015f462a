import { createContext, useLayoutEffect } from 'react';
import {
  appearanceSettings,
  type AppearanceSettings,
  type ColorTheme,
} from '../../../shared/settings';

/** The terminal's font and the colour theme, as the settings file says now. */
export const AppearanceContext = createContext<AppearanceSettings>(appearanceSettings({}));

/** The system's light or dark preference, which the 'system' theme follows as it changes. */
export const systemPrefersLight = (): MediaQueryList =>
  window.matchMedia('(prefers-color-scheme: light)');

/** Whether `theme` means light colours, given what the system prefers. */
export function isLight(theme: ColorTheme, systemLight: boolean): boolean {
  return theme === 'system' ? systemLight : theme === 'light';
}

/**
 * Colours the page by `theme`: the stylesheets take their light colours under
 * `:root[data-theme='light']`, set here (and kept in step with the system for 'system').
 */
export function useDocumentTheme(theme: ColorTheme): void {
  // Before the page is painted, so that it never shows in the other theme first.
  useLayoutEffect(() => {
    const scheme = systemPrefersLight();
    const apply = () => {
      document.documentElement.dataset['theme'] = isLight(theme, scheme.matches) ? 'light' : 'dark';
    };
    apply();
    scheme.addEventListener('change', apply);
    return () => scheme.removeEventListener('change', apply);
  }, [theme]);
}
