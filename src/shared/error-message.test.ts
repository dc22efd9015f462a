import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';
import { failureReason, HostRequestError } from './host-api';

describe('errorMessage', () => {
  it('gives an Error its message, never its stack', () => {
    const error = new TypeError('the file is gone');
    expect(errorMessage(error)).toBe('the file is gone');
  });

  it('gives whatever else was thrown a line of text', () => {
    expect(errorMessage('plain words')).toBe('plain words');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ toString: () => 'an object that explains itself' })).toBe(
      'an object that explains itself',
    );
  });

  it('says "unknown error" when even turning the value into text fails', () => {
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    expect(errorMessage(hostile)).toBe('unknown error');
    expect(errorMessage(Object.create(null))).toBe('unknown error');
  });
});

describe('failureReason', () => {
  it("drops the request's name from the host's refusal", () => {
    expect(failureReason(new HostRequestError('revertHunk: the file changed since'))).toBe(
      'the file changed since',
    );
  });

  it('keeps any other error whole, and reads what is not an Error', () => {
    expect(failureReason(new Error('openTerminal: keep this'))).toBe('openTerminal: keep this');
    expect(failureReason('a thrown string')).toBe('a thrown string');
  });
});
