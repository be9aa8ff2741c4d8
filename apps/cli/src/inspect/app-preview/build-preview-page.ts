// The CLI's build, after its bundle: the `kitchen call --app` preview page's script, bundled into
// dist/app-preview.js, so the compiled and the packed CLI serve it without esbuild or sources.
//
//   tsx src/inspect/app-preview/build-preview-page.ts     (the `build` script of apps/cli)

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { bundlePreviewPage, COMPILED_PREVIEW_SCRIPT } from './preview-page-files.js';

await mkdir(dirname(COMPILED_PREVIEW_SCRIPT), { recursive: true });
await writeFile(COMPILED_PREVIEW_SCRIPT, await bundlePreviewPage());
