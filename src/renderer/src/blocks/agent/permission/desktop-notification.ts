let asked = false;
const notified = new WeakSet<object>();

/**
 * Tells the user through the desktop that `subject` (a permission request) waits, when the window
 * is in the background; once per subject, however often the view mounts. Permission to notify is
 * asked once per run, the first time it would be needed.
 */
export async function notifyWhenAway(subject: object, title: string, body: string): Promise<void> {
  if (typeof Notification === 'undefined' || document.hasFocus() || notified.has(subject)) return;
  notified.add(subject);
  if (Notification.permission === 'default' && !asked) {
    asked = true;
    await Notification.requestPermission();
  }
  if (Notification.permission !== 'granted') return;
  const notification = new Notification(title, { body });
  notification.onclick = () => window.focus();
}
