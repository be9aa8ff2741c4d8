// `pnpm --filter @kitchen/tour fix-wire-doc`: runs the pastry chef's requests in both eras and writes
// their side-by-side wire into docs/wire-side-by-side.md, between the page's generated-block markers.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './anchor.js';
import { blockOf, generateBlock, WIRE_BLOCKS, WIRE_PAGE, withBlock } from './wire-both-eras.js';

const path = join(REPO_ROOT, WIRE_PAGE);
const page = readFileSync(path, 'utf8');
let fixed = page;
for (const block of WIRE_BLOCKS) {
  const { text } = await generateBlock(block);
  if (blockOf(fixed, block.name) !== text) fixed = withBlock(fixed, block.name, text);
}
if (fixed === page) process.stdout.write(`${WIRE_PAGE}: every block is what the run prints.\n`);
else {
  writeFileSync(path, fixed);
  process.stdout.write(`${WIRE_PAGE}: the blocks now hold this run's wire.\n`);
}
