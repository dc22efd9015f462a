import { createContext } from 'react';
import type { RequestResult } from '../../../shared/contract/host';

export type AppInfo = RequestResult<'getAppInfo'>;

/** What the host said about itself at start, for the parts that need it (xterm's windowsPty). */
export const AppInfoContext = createContext<Partial<AppInfo>>({});
