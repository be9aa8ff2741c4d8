// The preview page's two files: its HTML, and its script (page/preview-page.ts and the App
// bridge it imports), bundled by esbuild: at build time into dist/app-preview.js for the compiled
// CLI (and the packed one, which has no sources and no esbuild), when `kitchen call --app` starts
// from source. App side.

import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageFolderAbove, RUNS_COMPILED } from '@kitchen/runtime/app-paths';

/** apps/cli, from source and compiled alike. */
const CLI_APP = packageFolderAbove(dirname(fileURLToPath(import.meta.url)));
const PAGE_ENTRY = join(CLI_APP, 'src', 'inspect', 'app-preview', 'page', 'preview-page.ts');
/** Where the CLI's build writes the bundled script (build-preview-page.ts). */
export const COMPILED_PREVIEW_SCRIPT = join(CLI_APP, 'dist', 'app-preview.js');

export const PREVIEW_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>MCP App preview — kitchen call</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 16px; max-width: 960px; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .mcp-app-frame { width: 100%; border: 1px solid #999; border-radius: 6px; background: #fff; }
  #requests { font: 12px ui-monospace, monospace; padding-left: 18px; }
  pre { background: #f3f3f3; padding: 6px; overflow: auto; }
</style>
</head>
<body data-app="loading">
<h1 id="title">MCP App</h1>
<p id="about"></p>
<div id="app"></div>
<h2>The App's requests</h2>
<ol id="requests"></ol>
<script type="module" src="/preview.js"></script>
</body>
</html>
`;

/** The preview page's script: the build's bundle when the CLI runs compiled, else bundled now. */
export async function previewPageScript(): Promise<string> {
  return RUNS_COMPILED ? readFile(COMPILED_PREVIEW_SCRIPT, 'utf8') : bundlePreviewPage();
}

export async function bundlePreviewPage(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  const code = result.outputFiles[0];
  if (code === undefined) throw new Error('esbuild gave no preview script');
  return code.text;
}
