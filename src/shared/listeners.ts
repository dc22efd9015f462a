/**
 * The listeners of one event, for a class that offers it as `onX(listener)`; subscribing returns
 * the function that unsubscribes. Listeners run in the order they subscribed, and one that
 * subscribes or unsubscribes while an event is delivered takes effect from the next event, as
 * with Node's EventEmitter.
 */
export class Listeners<T> {
  /** Replaced, never changed in place: a delivery under way keeps the list it started with. */
  private listeners: readonly ((value: T) => void)[] = [];

  /** Bound, so a class can offer it as is: `readonly onEvent = this.events.subscribe`. */
  readonly subscribe = (listener: (value: T) => void): (() => void) => {
    this.listeners = [...this.listeners, listener];
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      const index = this.listeners.indexOf(listener);
      this.listeners = this.listeners.filter((_, i) => i !== index);
    };
  };

  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
}
