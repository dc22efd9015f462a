import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { SerializeAddon } from '@xterm/addon-serialize';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { WebglAddon } from '@xterm/addon-webgl';
import { Terminal, type IWindowsPty } from '@xterm/xterm';
import { appearanceSettings, type AppearanceSettings } from '../../../../shared/settings';
import { isLight, systemPrefersLight } from '../../ui/appearance';
import { webglIsSoftware } from './software-gl';
import { themeFor } from './terminal-themes';

export interface TerminalViewOptions {
  openLink(url: string): void;
  /** On Windows: the pty is ConPTY of this build, so xterm reflows on resize the way it does. */
  windowsPty?: IWindowsPty | undefined;
  /** The font and theme to start with (default: Tether's); `setAppearance` changes them. */
  appearance?: AppearanceSettings;
}

// Monospace first, then faces that carry CJK and emoji, which programs print too.
const FONTS = [
  'ui-monospace',
  '"DejaVu Sans Mono"',
  'Menlo',
  'Consolas',
  '"Noto Sans Mono CJK SC"',
  '"Noto Sans Mono"',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Noto Color Emoji"',
  'monospace',
].join(', ');

/** The user's font first, with Tether's after it for the characters it lacks. */
function fontFamilyOf({ terminalFontFamily }: AppearanceSettings): string {
  return terminalFontFamily ? `${terminalFontFamily}, ${FONTS}` : FONTS;
}

/** xterm.js with the addons Tether uses, independent of React and of the host. */
export class TerminalView {
  readonly term: Terminal;
  readonly search = new SearchAddon();
  private readonly fitAddon = new FitAddon();
  private readonly serializer = new SerializeAddon();
  private webgl: WebglAddon | undefined;
  private readonly scheme = systemPrefersLight();
  private appearance: AppearanceSettings;
  // The OS switching between light and dark recolours open terminals at once (theme 'system').
  private readonly followScheme = () => {
    this.term.options.theme = this.colors();
  };

  constructor(container: HTMLElement, options: TerminalViewOptions) {
    this.appearance = options.appearance ?? appearanceSettings({});
    this.term = new Terminal({
      allowProposedApi: true,
      cursorBlink: true,
      fontFamily: fontFamilyOf(this.appearance),
      fontSize: this.appearance.terminalFontSize,
      scrollback: 10_000,
      theme: this.colors(),
      // A program's own colours (true colour, 256) are lifted to AA contrast where they miss it.
      minimumContrastRatio: 4.5,
      ...(options.windowsPty ? { windowsPty: options.windowsPty } : {}),
      // OSC 8 hyperlinks (`printf '\e]8;;URL\e\\text'`): xterm's own handler would confirm() and
      // window.open any scheme; program output is untrusted, so they take the same checked path,
      // and hovering one shows where it really leads, whatever its text says.
      linkHandler: {
        activate: (_event, url) => options.openLink(url),
        hover: (_event, url) => (container.title = url),
        leave: () => container.removeAttribute('title'),
      },
    });
    this.term.loadAddon(this.fitAddon);
    this.term.loadAddon(this.search);
    this.term.loadAddon(this.serializer);
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.term.loadAddon(new WebLinksAddon((_event, url) => options.openLink(url)));
    this.term.open(container);
    this.scheme.addEventListener('change', this.followScheme);
    this.useWebgl();
    this.fit();
  }

  /**
   * The renderer: WebGL where a GPU draws it; xterm's DOM renderer without one, with WebGL drawn
   * in software, and after a context loss.
   */
  get rendererName(): 'webgl' | 'dom' {
    return this.webgl ? 'webgl' : 'dom';
  }

  fit(): void {
    // A hidden or zero-sized container has no sensible grid; keep the last one.
    const element = this.term.element;
    if (element && element.clientWidth > 0 && element.clientHeight > 0) this.fitAddon.fit();
  }

  focus(): void {
    this.term.focus();
  }

  /** Another font or theme, from the settings: the terminal redraws and refits its grid. */
  setAppearance(appearance: AppearanceSettings): void {
    this.appearance = appearance;
    const options = this.term.options;
    const fontFamily = fontFamilyOf(appearance);
    if (options.fontFamily !== fontFamily) options.fontFamily = fontFamily;
    if (options.fontSize !== appearance.terminalFontSize) {
      options.fontSize = appearance.terminalFontSize;
    }
    options.theme = this.colors();
    this.fit();
  }

  private colors() {
    return themeFor(isLight(this.appearance.theme, this.scheme.matches));
  }

  /** The scrollback and screen as the escape sequences that draw them again. */
  serialize(): string {
    return this.serializer.serialize();
  }

  dispose(): void {
    this.scheme.removeEventListener('change', this.followScheme);
    this.term.dispose();
  }

  private useWebgl(): void {
    if (webglIsSoftware()) return;
    try {
      const webgl = new WebglAddon();
      webgl.onContextLoss(() => {
        webgl.dispose();
        this.webgl = undefined;
      });
      this.term.loadAddon(webgl);
      this.webgl = webgl;
    } catch {
      this.webgl = undefined;
    }
  }
}
