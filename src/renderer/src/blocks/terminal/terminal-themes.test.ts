import { describe, expect, it } from 'vitest';
import { ANSI_NAMES, contrastRatio, darkTheme, lightTheme } from './terminal-themes';

describe('terminal colours', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each([
    ['dark', darkTheme],
    ['light', lightTheme],
  ])(
    'the %s theme reads at AA (4.5:1) for every ANSI colour, the default text and the cursor',
    (_name, theme) => {
      const background = theme.background!;
      for (const name of [...ANSI_NAMES, 'foreground' as const, 'cursor' as const]) {
        expect(contrastRatio(theme[name]!, background), name).toBeGreaterThanOrEqual(4.5);
      }
      // Selected text keeps the default colour on the selection's.
      expect(contrastRatio(theme.foreground!, theme.selectionBackground!)).toBeGreaterThanOrEqual(
        4.5,
      );
    },
  );
});
