// `pnpm build`'s second step for the web app: the page bundled into dist/page (page-bundle.ts
// says how), with index.html and style.css beside it. Run after build-package.mjs, which empties
// dist/ first.
//
//   tsx src/build-page.ts

import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BUILT_PAGE, PAGE_BUILD_OPTIONS, PAGE_FILES, PAGE_SOURCE } from './page-bundle.js';

mkdirSync(BUILT_PAGE, { recursive: true });
await build({ ...PAGE_BUILD_OPTIONS, outdir: BUILT_PAGE, sourcemap: 'linked', sourcesContent: false });
for (const file of PAGE_FILES) copyFileSync(join(PAGE_SOURCE, file), join(BUILT_PAGE, file));
