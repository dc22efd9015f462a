// Prints one closing line for the whole test run from the runners' JSON reports.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let found = false;

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  found = true;
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + r.numTodoTests;
}

const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  found = true;
  const s = JSON.parse(readFileSync(playwright, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
}

if (!found) {
  console.log('Tests: 0 passed, 1 failed (no test report was written)');
  process.exit(1);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
