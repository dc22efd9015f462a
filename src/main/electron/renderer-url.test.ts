import { describe, expect, it } from 'vitest';
import { isRendererUrl, rendererSource } from './renderer-url';

describe('rendererSource', () => {
  const rendererFile = '/app/out/renderer/index.html';
  it('uses the dev server only in an unpackaged run', () => {
    const devServerUrl = 'http://localhost:5173';
    expect(rendererSource({ isPackaged: false, devServerUrl, rendererFile })).toEqual({
      kind: 'url',
      url: devServerUrl,
    });
    expect(rendererSource({ isPackaged: true, devServerUrl, rendererFile })).toEqual({
      kind: 'file',
      path: rendererFile,
    });
    expect(rendererSource({ isPackaged: false, devServerUrl: undefined, rendererFile })).toEqual({
      kind: 'file',
      path: rendererFile,
    });
  });
});

describe('isRendererUrl', () => {
  it('accepts exactly the renderer file on Linux and macOS', () => {
    const source = {
      kind: 'file',
      path: '/opt/Tether/resources/app.asar/out/renderer/index.html',
    } as const;
    for (const platform of ['linux', 'darwin'] as const) {
      expect(
        isRendererUrl(
          'file:///opt/Tether/resources/app.asar/out/renderer/index.html',
          source,
          platform,
        ),
      ).toBe(true);
      expect(
        isRendererUrl(
          'file:///opt/Tether/resources/app.asar/out/renderer/index.html?x#y',
          source,
          platform,
        ),
      ).toBe(true);
      expect(
        isRendererUrl(
          'file:///opt/Tether/resources/app.asar/out/renderer/index.html.evil',
          source,
          platform,
        ),
      ).toBe(false);
      expect(
        isRendererUrl(
          'file:///opt/tether/resources/app.asar/out/renderer/index.html',
          source,
          platform,
        ),
      ).toBe(false);
      expect(isRendererUrl('file:///tmp/index.html', source, platform)).toBe(false);
      expect(
        isRendererUrl(
          'https://opt/Tether/resources/app.asar/out/renderer/index.html',
          source,
          platform,
        ),
      ).toBe(false);
      expect(
        isRendererUrl(
          'file://host/opt/Tether/resources/app.asar/out/renderer/index.html',
          source,
          platform,
        ),
      ).toBe(false);
      expect(isRendererUrl('not a url', source, platform)).toBe(false);
    }
  });

  it('matches a path with spaces however it is escaped', () => {
    const source = { kind: 'file', path: '/Applications/My Apps/Tether.app/index.html' } as const;
    expect(
      isRendererUrl('file:///Applications/My%20Apps/Tether.app/index.html', source, 'darwin'),
    ).toBe(true);
  });

  it('ignores the drive letter’s case on Windows, and only there', () => {
    const source = {
      kind: 'file',
      path: 'C:\\Users\\ada\\AppData\\Local\\Programs\\Tether\\resources\\app.asar\\out\\renderer\\index.html',
    } as const;
    const url =
      'file:///C:/Users/ada/AppData/Local/Programs/Tether/resources/app.asar/out/renderer/index.html';
    expect(isRendererUrl(url, source, 'win32')).toBe(true);
    expect(isRendererUrl(url.replace('///C:', '///c:'), source, 'win32')).toBe(true);
    expect(isRendererUrl(url.replace('/ada/', '/bob/'), source, 'win32')).toBe(false);
    expect(
      isRendererUrl(
        'file:///D:/Users/ada/AppData/Local/Programs/Tether/resources/app.asar/out/renderer/index.html',
        source,
        'win32',
      ),
    ).toBe(false);
  });

  it('accepts the dev server’s origin only', () => {
    const source = { kind: 'url', url: 'http://localhost:5173' } as const;
    expect(isRendererUrl('http://localhost:5173/', source, 'linux')).toBe(true);
    expect(isRendererUrl('http://localhost:5173/src/x?y', source, 'linux')).toBe(true);
    expect(isRendererUrl('http://localhost:51730/', source, 'linux')).toBe(false);
    expect(isRendererUrl('http://localhost:5173.evil.com/', source, 'linux')).toBe(false);
  });
});
