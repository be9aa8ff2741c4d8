// `pnpm --filter @kitchen/tour fix-links`: moves each line link of docs/tour.md to the line that
// now holds its marker. A marker that is gone is reported: the paragraph needs rewriting.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './anchor.js';
import { readTourPage, relinkedPage, TOUR_PAGE } from './doc-links.js';

const page = readTourPage();
const fixed = relinkedPage(page);
if (fixed === page) process.stdout.write(`${TOUR_PAGE}: every link already lands on its line.\n`);
else {
  writeFileSync(join(REPO_ROOT, TOUR_PAGE), fixed);
  process.stdout.write(`${TOUR_PAGE}: links moved to the lines that hold their markers now.\n`);
}
