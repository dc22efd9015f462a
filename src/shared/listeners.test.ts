import { describe, expect, it } from 'vitest';
import { Listeners } from './listeners';

describe('Listeners', () => {
  it('delivers each value to every listener, in the order they subscribed, until each unsubscribes', () => {
    const listeners = new Listeners<number>();
    const got: string[] = [];
    const offA = listeners.subscribe((n) => got.push(`a${n}`));
    listeners.subscribe((n) => got.push(`b${n}`));
    listeners.fire(1);
    offA();
    offA();
    listeners.fire(2);
    expect(got).toEqual(['a1', 'b1', 'b2']);
  });

  it('takes a change made during a delivery from the next value on', () => {
    const listeners = new Listeners<number>();
    const got: string[] = [];
    let offSecond: () => void = () => undefined;
    listeners.subscribe((n) => {
      got.push(`first${n}`);
      offSecond();
      if (n === 1) listeners.subscribe((m) => got.push(`late${m}`));
    });
    offSecond = listeners.subscribe((n) => got.push(`second${n}`));
    listeners.fire(1);
    listeners.fire(2);
    expect(got).toEqual(['first1', 'second1', 'first2', 'late2']);
  });

  it('counts the same listener subscribed twice twice, and one unsubscribe takes one away', () => {
    const listeners = new Listeners<string>();
    const got: string[] = [];
    const listener = (s: string) => got.push(s);
    const off = listeners.subscribe(listener);
    listeners.subscribe(listener);
    listeners.fire('x');
    off();
    listeners.fire('y');
    expect(got).toEqual(['x', 'x', 'y']);
  });
});
