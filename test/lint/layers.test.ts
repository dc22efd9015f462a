import { join, resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import layers from '../../eslint-rules/layers.mjs';

// RuleTester reports through the test framework's globals; vitest gives them as imports.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = resolve(__dirname, '../..');
/** The rule decides by where the importing file lives, so each case names a real place. */
const at = (path: string) => join(root, path);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

tester.run('tether/layers', layers.rules.layers, {
  valid: [
    // Tests reach their helpers through the alias.
    {
      filename: at('src/main/host/x.test.ts'),
      code: "import { testHost } from '#test/support/test-host';",
    },
    // Down the layers: renderer → shared, host → agent, agent → process.
    {
      filename: at('src/renderer/src/blocks/terminal/x.ts'),
      code: "import { errorMessage } from '../../../../shared/error-message';",
    },
    {
      filename: at('src/main/host/x.ts'),
      code: "import { AgentSession } from '../agent/agent-session';",
    },
    {
      filename: at('src/main/agent/transport/x.ts'),
      code: "import { signalTree } from '../../process/process-tree';",
    },
    // Browser mode builds on the host.
    {
      filename: at('src/main/web/x.ts'),
      code: "import { Host } from '../host/host';",
    },
    // Within a layer, and a library the layer may use.
    { filename: at('src/shared/x.ts'), code: "import { z } from 'zod'; import './contract/host';" },
    { filename: at('src/main/host/x.ts'), code: "import { readFile } from 'node:fs/promises';" },
    // A test may read its fixtures with Node wherever it lives.
    { filename: at('src/shared/x.test.ts'), code: "import { readFileSync } from 'node:fs';" },
    // The page bottom up: a block uses ui and the page's host, the workspace everything below it.
    {
      filename: at('src/renderer/src/blocks/agent/x.tsx'),
      code: "import { ModalDialog } from '../../ui/ModalDialog'; import '../../host/app-info';",
    },
    {
      filename: at('src/renderer/src/workspace/x.tsx'),
      code: "import '../library/SessionLibrary'; import '../blocks/registry'; import '../ui/Elapsed';",
    },
    { filename: at('src/renderer/src/App.tsx'), code: "import './workspace/Workspace';" },
    // Files outside src/ are not layered.
    { filename: at('bench/x.ts'), code: "import '../src/main/host/host';" },
  ],
  invalid: [
    // The app never loads a test helper.
    {
      filename: at('src/main/host/x.ts'),
      code: "import { testHost } from '#test/support/test-host';",
      errors: [{ message: /only tests may import "#test\/support\/test-host"/ }],
    },
    {
      filename: at('src/renderer/src/x.ts'),
      code: "import { Host } from '../../main/host/host';",
      errors: [
        {
          message: 'src/renderer may not import src/main/host/host (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/x.tsx'),
      code: "const pty = await import('node-pty');",
      errors: [
        { message: 'src/renderer may not import "node-pty" (docs/architecture.md, Layers).' },
      ],
    },
    {
      filename: at('src/main/agent/x.ts'),
      code: "import type { Host } from '../host/host';",
      errors: [
        {
          message:
            'src/main/agent may not import src/main/host/host (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      // A re-export crosses the layer as much as an import does.
      filename: at('src/main/agent/transport/x.ts'),
      code: "export { TerminalRegistry } from '../../host/terminal-registry';",
      errors: [
        {
          message:
            'src/main/agent may not import src/main/host/terminal-registry (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      // The host knows no transport: neither browser mode nor Electron's.
      filename: at('src/main/host/x.ts'),
      code: "import { startWebServer } from '../web/web-server';",
      errors: [
        {
          message:
            'src/main/host may not import src/main/web/web-server (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/main/host/handlers/x.ts'),
      code: "import { IpcAdapter } from '../../electron/ipc-adapter';",
      errors: [
        {
          message:
            'src/main/host may not import src/main/electron/ipc-adapter (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/main/web/x.ts'),
      code: "import { IpcAdapter } from '../electron/ipc-adapter';",
      errors: [
        {
          message:
            'src/main/web may not import src/main/electron/ipc-adapter (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/shared/x.ts'),
      code: "import { readFileSync } from 'node:fs';",
      errors: [{ message: 'src/shared may not import "node:fs" (docs/architecture.md, Layers).' }],
    },
    {
      filename: at('src/shared/x.ts'),
      code: "export * from '../main/agent/agent-session';",
      errors: [
        {
          message:
            'src/shared may not import src/main/agent/agent-session (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/shared/x.ts'),
      code: "import { useState } from 'react';",
      errors: [{ message: 'src/shared may not import "react" (docs/architecture.md, Layers).' }],
    },
    {
      // The agent's model knows no view: not the block's components, not React.
      filename: at('src/renderer/src/blocks/agent/model/x.ts'),
      code: "import { ToolCard } from '../tools/ToolCard';",
      errors: [
        {
          message:
            'src/renderer/src/blocks/agent/model may not import src/renderer/src/blocks/agent/tools/ToolCard (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/blocks/agent/model/x.ts'),
      code: "import { useState } from 'react';",
      errors: [
        {
          message:
            'src/renderer/src/blocks/agent/model may not import "react" (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      // No import runs back up the page: ui < blocks < library < workspace.
      filename: at('src/renderer/src/ui/x.tsx'),
      code: "import { blockKinds } from '../blocks/registry';",
      errors: [
        {
          message:
            'src/renderer/src/ui may not import src/renderer/src/blocks/registry (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/blocks/terminal/x.tsx'),
      code: "import { nextBlockToVisit } from '../../workspace/block-state';",
      errors: [
        {
          message:
            'src/renderer/src/blocks may not import src/renderer/src/workspace/block-state (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/blocks/x.ts'),
      code: "import { SessionLibrary } from '../library/SessionLibrary';",
      errors: [
        {
          message:
            'src/renderer/src/blocks may not import src/renderer/src/library/SessionLibrary (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/host/x.ts'),
      code: "import { Transcript } from '../blocks/agent/transcript/Transcript';",
      errors: [
        {
          message:
            'src/renderer/src/host may not import src/renderer/src/blocks/agent/transcript/Transcript (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/library/x.tsx'),
      code: "import { BlockFrame } from '../workspace/BlockFrame';",
      errors: [
        {
          message:
            'src/renderer/src/library may not import src/renderer/src/workspace/BlockFrame (docs/architecture.md, Layers).',
        },
      ],
    },
    {
      filename: at('src/renderer/src/workspace/x.tsx'),
      code: "import { App } from '../App';",
      errors: [
        {
          message:
            'src/renderer/src/workspace may not import src/renderer/src/App (docs/architecture.md, Layers).',
        },
      ],
    },
  ],
});
