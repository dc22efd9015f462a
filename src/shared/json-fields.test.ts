import { describe, expect, it } from 'vitest';
import { bool, nonEmpty, num, str, strings } from './json-fields';

// One parsed object with a field of each kind, as a frame or transcript entry gives them.
const parsed = JSON.parse(
  '{"s":"x","empty":"","n":3.5,"zero":0,"t":true,"f":false,"list":["a",1,null,"b",{}],"nil":null,"o":{}}',
) as Record<string, unknown>;

describe('json-fields', () => {
  it('reads each field only when it has the type asked for', () => {
    expect([str(parsed['s']), str(parsed['empty']), str(parsed['n']), str(parsed['nil'])]).toEqual([
      'x',
      '',
      null,
      null,
    ]);
    expect([num(parsed['n']), num(parsed['zero']), num(parsed['s']), num(parsed['t'])]).toEqual([
      3.5,
      0,
      null,
      null,
    ]);
    expect([bool(parsed['t']), bool(parsed['f']), bool(parsed['zero']), bool(parsed['s'])]).toEqual(
      [true, false, null, null],
    );
  });

  it('passes no non-finite number on', () => {
    expect([num(NaN), num(Infinity), num(-Infinity)]).toEqual([null, null, null]);
  });

  it('treats an empty string as absent where it would only blank a field', () => {
    expect([nonEmpty(parsed['s']), nonEmpty(parsed['empty']), nonEmpty(parsed['n'])]).toEqual([
      'x',
      undefined,
      undefined,
    ]);
  });

  it('keeps the strings of an array in order and nothing of anything else', () => {
    expect(strings(parsed['list'])).toEqual(['a', 'b']);
    expect([strings(parsed['s']), strings(parsed['o']), strings(parsed['nil'])]).toEqual([
      [],
      [],
      [],
    ]);
  });
});
