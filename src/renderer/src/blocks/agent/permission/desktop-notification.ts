let asked = false;

/**
 * Tells the user through the desktop that a prompt waits, when the window is in the background.
 * Permission to notify is asked once per run, the first time it would be needed.
 */
export async function notifyWhenAway(title: string, body: string): Promise<void> {
  if (typeof Notification === 'undefined' || document.hasFocus()) return;
  if (Notification.permission === 'default' && !asked) {
    asked = true;
    await Notification.requestPermission();
  }
  if (Notification.permission !== 'granted') return;
  const notification = new Notification(title, { body });
  notification.onclick = () => window.focus();
}
