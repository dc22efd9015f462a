import { useContext, useLayoutEffect, useRef } from 'react';
import type { AppearanceSettings } from '../../../../shared/settings';
import { AppearanceContext } from '../../ui/appearance';
import type { TerminalView } from './terminal-view';

/**
 * Keeps `view` in the font and theme the settings say, changed at once when they change. Returns
 * the appearance to create a view with, in a ref that stays the same object (so an effect that
 * lists it is not run again for it).
 */
export function useTerminalAppearance(view: TerminalView | null): { current: AppearanceSettings } {
  const appearance = useContext(AppearanceContext);
  const latest = useRef(appearance);
  useLayoutEffect(() => {
    latest.current = appearance;
    view?.setAppearance(appearance);
  }, [view, appearance]);
  return latest;
}
