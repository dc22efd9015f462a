import { createContext } from 'react';
import type { ReviewComments } from './use-review-comments';

/**
 * The block's review comments, for the diffs of its transcript ("Changes"); null where a
 * transcript is only read (the session library), whose diffs take no comments.
 */
export const ReviewCommentsContext = createContext<ReviewComments | null>(null);
