// The CLI's build, after its bundle: the `kitchen call --app` preview page's script, bundled into
// dist/app-preview.js, so the compiled and the packed CLI serve it without esbuild or sources.
//
//   tsx src/inspect/app-preview/build-preview-page.ts     (the `build` script of apps/cli)

import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { bundlePreviewPage, COMPILED_PREVIEW_SCRIPT } from './preview-page-files.js';

// Beside the bundle wherever scripts/build-package.mjs put it (KITCHEN_BUILD_DIST, pack:kitchen's).
const distFolder = process.env['KITCHEN_BUILD_DIST'];
const target = distFolder === undefined ? COMPILED_PREVIEW_SCRIPT : join(distFolder, basename(COMPILED_PREVIEW_SCRIPT));
await mkdir(dirname(target), { recursive: true });
await writeFile(target, await bundlePreviewPage());
