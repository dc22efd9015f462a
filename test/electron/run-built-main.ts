// The built main process run as Electron would run it, with the stand-in electron: what ssh
// starts as its askpass program (`node --import tsx run-built-main.ts PROMPT`).
import { createRequire } from 'node:module';
import { mainBundle, useStandInElectron } from './built-app';

const requireFromBundle = createRequire(mainBundle);
useStandInElectron(requireFromBundle);
requireFromBundle(mainBundle);
