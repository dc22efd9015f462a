import { MAX_PROMPT_CHARS } from './agent-contract';

// Browser mode's requests travel as WebSocket messages, which both ends cap, while the contract
// allows a prompt of MAX_PROMPT_CHARS. A request too big for one message goes as binary pieces:
// a byte that says whether more follow, then the next slice of the request's UTF-8 JSON.

/** The largest WebSocket message the page sends (and the server accepts). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The largest request the contract allows, as JSON: each UTF-16 unit of the longest text can take
 * six bytes (`\uXXXX`), plus room for the rest of the request.
 */
export const MAX_REQUEST_BYTES = MAX_PROMPT_CHARS * 6 + 64 * 1024;

export const PIECE_MORE = 1;
export const PIECE_LAST = 0;
