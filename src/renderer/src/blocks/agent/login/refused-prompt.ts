import type { TranscriptItem } from '../model/transcript-model';
import { errorAdvice } from '../transcript/error-advice';

/**
 * The prompt the CLI refused for want of a login, to send again once logged in: the last prompt,
 * when a refusal that asks for a login came after it. Undefined when nothing waits.
 */
export function refusedPrompt(items: readonly TranscriptItem[]): string | undefined {
  for (let at = items.length - 1; at >= 0; at--) {
    const item = items[at]!;
    if (item.kind === 'user') return undefined;
    if (item.kind === 'error' && errorAdvice(item.subtype, item.message).login) {
      const prompt = items.slice(0, at).findLast((earlier) => earlier.kind === 'user');
      return prompt?.kind === 'user' ? prompt.text : undefined;
    }
  }
  return undefined;
}
