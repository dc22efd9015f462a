let asked = false;

/**
 * Shows a desktop notification; a click brings the window forward and runs `onClick`. Permission
 * to notify is asked once per run, the first time a notification would be shown; where the
 * platform has no notifications, or the user said no, nothing is shown.
 */
export async function showDesktopNotification(
  title: string,
  body: string,
  onClick: () => void,
): Promise<void> {
  if (typeof Notification === 'undefined') return;
  if (Notification.permission === 'default' && !asked) {
    asked = true;
    await Notification.requestPermission();
  }
  if (Notification.permission !== 'granted') return;
  const notification = new Notification(title, { body });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}
