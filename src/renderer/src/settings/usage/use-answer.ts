import { useEffect, useState } from 'react';
import { failureReason } from '../../../../shared/host-api';

export type Answer<T> =
  { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; reason: string };

/** Asks the host once per `key` (and again on `reload`); an answer to an older ask is dropped. */
export function useAnswer<T>(ask: () => Promise<T>, key: string): Answer<T> {
  const [answer, setAnswer] = useState<{ key: string; answer: Answer<T> } | null>(null);
  useEffect(() => {
    let current = true;
    ask().then(
      (value) => current && setAnswer({ key, answer: { state: 'done', value } }),
      (error: unknown) =>
        current && setAnswer({ key, answer: { state: 'failed', reason: failureReason(error) } }),
    );
    return () => {
      current = false;
    };
    // `ask` is a new function each render; `key` says when it asks something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer?.key === key ? answer.answer : { state: 'loading' };
}
