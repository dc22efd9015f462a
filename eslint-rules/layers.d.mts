// Types for layers.mjs, for the TypeScript that loads it (its test).
import type { Rule } from 'eslint';

declare const plugin: { rules: { layers: Rule.RuleModule } };
export default plugin;
