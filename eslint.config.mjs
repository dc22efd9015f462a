import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.mjs';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Only the Electron entry files may import electron: everything else must run in plain Node.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/main/index.ts', 'src/main/electron/**', 'src/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only Electron entry files import electron.' }] },
      ],
    },
  },
  {
    // Each folder imports only the layers below it (docs/architecture.md, Layers).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { tether: layers },
    rules: { 'tether/layers': 'error' },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
