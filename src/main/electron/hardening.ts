import { app, session, shell } from 'electron';
import { safeExternalUrl } from '../../shared/external-url';

// Permissions the renderer needs for copy and paste in a terminal; everything else is refused.
const allowedPermissions = new Set(['clipboard-read', 'clipboard-sanitized-write']);

/**
 * The parts of the Electron security checklist that apply to every web contents: no navigation
 * (a file dropped where the page does not take it would otherwise replace the page), no new
 * windows (http(s) links go to the system browser), no webview, and only the permissions above.
 */
export function hardenWebContents(log: (message: string) => void): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allowedPermissions.has(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) =>
    allowedPermissions.has(permission),
  );

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => {
      event.preventDefault();
      log(`tether: blocked a navigation to ${event.url}`);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const safe = safeExternalUrl(url);
      if (safe) void shell.openExternal(safe);
      return { action: 'deny' };
    });
  });
}
