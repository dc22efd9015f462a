import { MAX_PROMPT_CHARS } from './contract/agent';
import { MAX_IMAGE_BASE64_CHARS, MAX_IMAGES_PER_MESSAGE } from './contract/composer';

// Browser mode's requests travel as WebSocket messages, which both ends cap, while the contract
// allows a prompt of MAX_PROMPT_CHARS with images beside it. A request too big for one message
// goes as binary pieces: a byte that says whether more follow, then the next slice of the
// request's UTF-8 JSON.

/** The largest WebSocket message the page sends (and the server accepts). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The largest request the contract allows, as UTF-8 JSON, derived from its own maxima: a
 * `sendAgentMessage` with the longest text and the most images, each as large as allowed. Each
 * UTF-16 unit of the text can take six bytes (`\uXXXX`); base64 is ASCII that JSON leaves as it
 * is; the 64 KiB beside them hold the rest (ids, media types, the frame around the request).
 * Every other request the contract bounds is smaller. The page refuses anything larger before
 * sending it, and the server closes a socket that sends more.
 */
export const MAX_REQUEST_BYTES =
  MAX_PROMPT_CHARS * 6 + MAX_IMAGES_PER_MESSAGE * MAX_IMAGE_BASE64_CHARS + 64 * 1024;

export const PIECE_MORE = 1;
export const PIECE_LAST = 0;
