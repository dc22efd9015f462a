import { describeReset, resetMs } from './reset-time';

export interface ErrorAdvice {
  /** An interruption the user asked for is no failure: it reads as a note, not a banner. */
  interrupted: boolean;
  advice: string;
  /** The CLI has no credentials, or its key was refused: logging in is the way on. */
  login?: true;
}

const retry =
  'Send your message again; if it keeps failing, open Raw output to see what the CLI said.';

const RATE_LIMITED = /\b429\b|rate.?limit|usage limit|hit your .*limit/i;
// The CLI's own words for a subscription's limit: "You've hit your session limit · resets 3pm".
const RESETS_IN_MESSAGE = /\bresets (?:at )?(.+?)\s*(?:·|\.(?:\s|$)|$)/im;

function rateLimitAdvice(message: string, resetsAt: number | undefined, now: number): string {
  if (resetsAt !== undefined && resetMs(resetsAt) > now) {
    return `Rate limited — resets at ${describeReset(resetsAt, now)}. Send again then.`;
  }
  const said = RESETS_IN_MESSAGE.exec(message)?.[1];
  if (said) return `Rate limited — resets ${said}. Send again then.`;
  return 'Rate limited: wait a minute, then send again.';
}

/** The turn ended because the user stopped it (Esc, Stop, a denial that interrupts): no failure. */
export function isInterruption(subtype: string, message: string): boolean {
  return subtype === 'error_during_execution' && /^interrupted/i.test(message);
}

/**
 * What the user can do about a failed turn, from its subtype and message; `resetsAt` is when the
 * rate limit the CLI last reported hit resets (`rate_limit_event`), if it said.
 */
export function errorAdvice(
  subtype: string,
  message: string,
  resetsAt?: number,
  now = Date.now(),
): ErrorAdvice {
  if (isInterruption(subtype, message)) {
    return { interrupted: true, advice: 'The session is ready for your next message.' };
  }
  if (subtype === 'error_max_turns') {
    return {
      interrupted: false,
      advice: 'Claude stopped at the turn limit: send a message to let it continue.',
    };
  }
  // Compacting is what failed ("Prompt is too long · automatic compaction failed: …", "Error
  // during compaction: Conversation too long. …"): neither /compact nor sending again helps.
  if (/compaction failed|during compaction|not enough messages to compact/i.test(message)) {
    return {
      interrupted: false,
      advice:
        'The conversation could not be compacted: rewind to an earlier message, or start a new agent.',
    };
  }
  // Sending it again would fail the same way: the conversation itself is too big.
  if (/prompt is too long|context (length|window)|too many tokens|maximum context/i.test(message)) {
    return {
      interrupted: false,
      advice:
        'The conversation no longer fits in the model’s context: send /compact to summarise it, or start a new agent.',
    };
  }
  if (/credit balance|billing|payment/i.test(message)) {
    return {
      interrupted: false,
      advice:
        'Add credits to the account in the Anthropic Console (Plans & Billing), then send again.',
    };
  }
  // "Not logged in · Please run /login", "Invalid API key · Fix external API key", a 401.
  if (/\b401\b|authenticat|api key|log ?in/i.test(message)) {
    return {
      interrupted: false,
      advice: 'Log in to Claude (or set ANTHROPIC_API_KEY): your message is sent again then.',
      login: true,
    };
  }
  if (RATE_LIMITED.test(message)) {
    return { interrupted: false, advice: rateLimitAdvice(message, resetsAt, now) };
  }
  if (/\b529\b|overloaded/i.test(message)) {
    return { interrupted: false, advice: 'The API is overloaded: wait a moment, then send again.' };
  }
  return { interrupted: false, advice: retry };
}
