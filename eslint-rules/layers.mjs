import { dirname, relative, resolve } from 'node:path';

// What each folder of src/ may import: the table in docs/architecture.md, "Layers". A folder not
// listed here follows its closest listed parent. Bare module names are checked only where a layer
// must not reach for a runtime of one side (Node in the renderer, anything in src/shared).

const root = resolve(import.meta.dirname, '..');

/** What the host builds on, and so what each transport over it may use too. */
const belowHost = [
  'src/main/git',
  'src/main/library',
  'src/main/remote',
  'src/main/agent',
  'src/main/pty',
  'src/main/process',
  'src/main/platform',
  'src/shared',
];
const page = 'src/renderer/src';
/** What no code of the page may load: the runtimes of the main process. */
const notInPage = /^(node:|electron$|ws$|node-pty$)/;

/** Longest prefix first, so a folder's own entry wins over its parent's. */
const layers = [
  { folder: 'src/shared', may: ['src/shared'], modules: /^(node:|electron$|react|ws$|node-pty$)/ },
  { folder: 'src/renderer', may: ['src/renderer', 'src/shared'], modules: notInPage },
  // The page, bottom up: ui and host < blocks < library, settings < workspace; the entry (App,
  // main) on top.
  { folder: `${page}/ui`, may: [`${page}/ui`, 'src/shared'], modules: notInPage },
  { folder: `${page}/host`, may: [`${page}/host`, 'src/shared'], modules: notInPage },
  {
    folder: `${page}/blocks`,
    may: [`${page}/blocks`, `${page}/ui`, `${page}/host`, 'src/shared'],
    modules: notInPage,
  },
  // The agent's model: what its events mean, with no view to show it (the library and the export
  // read the same model as the block does).
  {
    folder: `${page}/blocks/agent/model`,
    may: [`${page}/blocks/agent/model`, 'src/shared'],
    modules: /^(node:|electron$|react|ws$|node-pty$)/,
  },
  {
    folder: `${page}/library`,
    may: [`${page}/library`, `${page}/blocks`, `${page}/ui`, `${page}/host`, 'src/shared'],
    modules: notInPage,
  },
  {
    folder: `${page}/settings`,
    may: [`${page}/settings`, `${page}/blocks`, `${page}/ui`, `${page}/host`, 'src/shared'],
    modules: notInPage,
  },
  {
    folder: `${page}/workspace`,
    may: [
      `${page}/workspace`,
      `${page}/library`,
      `${page}/settings`,
      `${page}/blocks`,
      `${page}/ui`,
      `${page}/host`,
      'src/shared',
    ],
    modules: notInPage,
  },
  { folder: 'src/preload', may: ['src/preload', 'src/shared'] },
  { folder: 'src/main/process', may: ['src/main/process', 'src/shared'] },
  { folder: 'src/main/platform', may: ['src/main/platform', 'src/main/process', 'src/shared'] },
  {
    folder: 'src/main/agent',
    may: ['src/main/agent', 'src/main/process', 'src/main/platform', 'src/shared'],
  },
  {
    folder: 'src/main/pty',
    may: ['src/main/pty', 'src/main/process', 'src/main/platform', 'src/shared'],
  },
  { folder: 'src/main/git', may: ['src/main/git', 'src/shared'] },
  {
    folder: 'src/main/library',
    may: [
      'src/main/library',
      'src/main/agent',
      'src/main/process',
      'src/main/platform',
      'src/shared',
    ],
  },
  // Blocks on other machines over the user's own ssh: it starts agents and terminals there.
  {
    folder: 'src/main/remote',
    may: [
      'src/main/remote',
      'src/main/agent',
      'src/main/pty',
      'src/main/process',
      'src/main/platform',
      'src/shared',
    ],
  },
  { folder: 'src/main/host', may: ['src/main/host', ...belowHost] },
  // Browser mode is a transport over the host, as src/main/electron is; the host imports neither.
  { folder: 'src/main/web', may: ['src/main/web', 'src/main/host', ...belowHost] },
  { folder: 'src/main', may: ['src/main', 'src/shared'] },
].sort((a, b) => b.folder.length - a.folder.length);

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

function layerOf(file) {
  const path = relative(root, file).split('\\').join('/');
  return layers.find((layer) => within(path, layer.folder));
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each folder of src/ to the layers it may import' },
    schema: [],
  },
  create(context) {
    const layer = layerOf(context.filename);
    if (!layer) return {};
    // Tests may load fixtures with Node wherever they live; their imports of the app still count.
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      // The `#test/*` alias (package.json `imports`) reaches test helpers: the app never ships them.
      if (specifier.startsWith('#test/') && !isTest) {
        context.report({
          node: source,
          message: `only tests may import "${specifier}" (docs/architecture.md, Layers).`,
        });
        return;
      }
      if (!specifier.startsWith('.')) {
        if (!isTest && layer.modules?.test(specifier)) {
          context.report({
            node: source,
            message: `${layer.folder} may not import "${specifier}" (docs/architecture.md, Layers).`,
          });
        }
        return;
      }
      const target = relative(root, resolve(dirname(context.filename), specifier))
        .split('\\')
        .join('/');
      if (!within(target, 'src') || layer.may.some((folder) => within(target, folder))) return;
      context.report({
        node: source,
        message: `${layer.folder} may not import ${target} (docs/architecture.md, Layers).`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers: rule } };
