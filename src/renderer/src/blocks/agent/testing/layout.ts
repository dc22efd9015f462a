/**
 * jsdom lays nothing out, so every element is 0 px high and a virtualized list shows no rows.
 * This gives the transcript a viewport height; the rows stay 0 px, so all of them fit in it.
 */
export function giveTranscriptAViewport(height = 600): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'log' ? height : 0;
    },
  });
}
