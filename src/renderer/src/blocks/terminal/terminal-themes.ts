import type { ITheme } from '@xterm/xterm';

/**
 * The terminal's colours, dark and light. Every ANSI colour, "black" and "white" included, reads
 * on its theme's background at WCAG AA contrast (4.5:1) or better: checked in the tests, and
 * xterm's `minimumContrastRatio` holds programs' own true colours to the same.
 */
export const darkTheme: ITheme = {
  background: '#15171c',
  foreground: '#d8dee9',
  cursor: '#d8dee9',
  selectionBackground: '#3b4252',
  black: '#8c94a3',
  red: '#f47174',
  green: '#8fd18a',
  yellow: '#e5c07b',
  blue: '#6cb3ff',
  magenta: '#d79cf0',
  cyan: '#5fd4e0',
  white: '#d8dee9',
  brightBlack: '#a3abb8',
  brightRed: '#ff9a9c',
  brightGreen: '#b0e6a8',
  brightYellow: '#f5d89a',
  brightBlue: '#9dcbff',
  brightMagenta: '#e7bdf7',
  brightCyan: '#8fe6ee',
  brightWhite: '#ffffff',
};

export const lightTheme: ITheme = {
  background: '#ffffff',
  foreground: '#1f2328',
  cursor: '#1f2328',
  selectionBackground: '#c8d8f0',
  black: '#1f2328',
  red: '#c4161c',
  green: '#1a7f37',
  yellow: '#8a6100',
  blue: '#0b5fd0',
  magenta: '#8e3fb0',
  cyan: '#0a7285',
  white: '#5f6670',
  brightBlack: '#4b525c',
  brightRed: '#a40e26',
  brightGreen: '#116329',
  brightYellow: '#6e4e00',
  brightBlue: '#0550ae',
  brightMagenta: '#6e2f8e',
  brightCyan: '#055d6b',
  brightWhite: '#3d444d',
};

export const ANSI_NAMES = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const;

/** The terminal's colours on a light or a dark page. */
export function themeFor(light: boolean): ITheme {
  return light ? lightTheme : darkTheme;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG's contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
