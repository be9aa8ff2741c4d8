// `pnpm --filter @kitchen/tour fix-wire-doc`: runs the pastry chef's request in both eras and writes
// its side-by-side wire into docs/wire-side-by-side.md, between the page's generated-block markers.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './anchor.js';
import { blockOf, DOC_WIDTH, stableBlock, WIRE_PAGE, wireBothEras, withBlock } from './wire-both-eras.js';

const path = join(REPO_ROOT, WIRE_PAGE);
const page = readFileSync(path, 'utf8');
const block = stableBlock((await wireBothEras()).lines(DOC_WIDTH));
if (blockOf(page) === block) process.stdout.write(`${WIRE_PAGE}: the block is what the run prints.\n`);
else {
  writeFileSync(path, withBlock(page, block));
  process.stdout.write(`${WIRE_PAGE}: the block now holds this run's wire.\n`);
}
