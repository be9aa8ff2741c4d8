// Sums the vitest JSON reports every package wrote and prints the one plain line CI reads:
// "N passed, N failed". Exits non-zero when a package wrote no report or any test failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

/** The root's own report (`pnpm test:scripts`, the tests of scripts/), then each package's. */
const reports = [{ name: 'scripts', report: join(root, '.test-results', 'vitest.json') }];
// Nested groups too: the dev tools (packages/tools/*) and the course (packages/course/*).
for (const group of ['packages', 'packages/tools', 'packages/course', 'servers', 'apps']) {
  const groupDir = join(root, group);
  if (!existsSync(groupDir)) continue;
  for (const name of readdirSync(groupDir)) {
    const manifest = join(groupDir, name, 'package.json');
    if (!existsSync(manifest)) continue;
    if (!JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test) continue;
    reports.push({ name: `${group}/${name}`, report: join(groupDir, name, '.test-results', 'vitest.json') });
  }
}

for (const { name, report } of reports) {
  if (!existsSync(report)) {
    missing.push(name);
    continue;
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  // A suite that failed to load counts as a failure even though no test inside it ran.
  failed += results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
}

for (const name of missing)
  console.error(`${name}: no test report found (.test-results/vitest.json); did its tests run?`);
failed += missing.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
