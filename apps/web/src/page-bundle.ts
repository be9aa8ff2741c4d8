// The web page as the browser gets it: src/page/app.ts and everything it imports (the host's
// formatters among them) bundled by esbuild into app.js (and chunks/ for what loads later, the MCP
// Apps bridge), beside index.html and style.css.
// `pnpm build` writes it to dist/page (build-page.ts); a web app running from source (tsx,
// vitest) bundles it in memory when it starts, so the page it serves is always its source's.
// App side.

import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageFolderAbove, RUNS_COMPILED } from '@kitchen/runtime/app-paths';
import type { BuildOptions } from 'esbuild';
import express, { type RequestHandler } from 'express';

/** apps/web, from source and compiled alike (this file is bundled into dist/web-main.js). */
const WEB_APP = packageFolderAbove(dirname(fileURLToPath(import.meta.url)));
/** The page's source: app.ts (the entry), index.html and style.css. */
export const PAGE_SOURCE = join(WEB_APP, 'src', 'page');
/** The built page (`pnpm build`). */
export const BUILT_PAGE = join(WEB_APP, 'dist', 'page');
/** The files served as they are, next to the bundle. */
export const PAGE_FILES = ['index.html', 'style.css', 'protocol.css', 'render-bounds.css'];

/**
 * How esbuild bundles the page: ES modules for the browsers of today, names kept readable. What
 * only some runs need (the MCP Apps bridge) is a chunk of its own, loaded when first used.
 */
export const PAGE_BUILD_OPTIONS = {
  entryPoints: [join(PAGE_SOURCE, 'app.ts')],
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * The page's files: dist/page when the web app runs compiled and the page was built, else the
 * source bundled now, in memory (the bundle is made once, on the first request or before).
 */
export function servePage(): RequestHandler {
  const staticFiles = { index: 'index.html', dotfiles: 'ignore', fallthrough: true } as const;
  if (RUNS_COMPILED && existsSync(join(BUILT_PAGE, 'app.js'))) return express.static(BUILT_PAGE, staticFiles);
  const bundle = bundleFromSource();
  // Keep a failed bundle from being an unhandled rejection; the request for app.js reports it.
  bundle.catch(() => {});
  const sourceFiles = express.static(PAGE_SOURCE, staticFiles);
  return (request, response, next) => {
    if (request.path === '/app.js' || request.path.startsWith('/chunks/')) {
      bundle.then(
        (files) => {
          const code = files.get(request.path);
          if (code === undefined) return next();
          response.type('text/javascript').set('Cache-Control', 'no-store').send(code);
        },
        (error: unknown) => {
          process.stderr.write(`kitchen web: the page did not bundle: ${String(error)}\n`);
          response.status(500).type('text/plain').send('The page did not bundle; the kitchen printed why.');
        },
      );
      return;
    }
    // Only the page's own files: its TypeScript is not served, only the bundle made of it.
    if (request.path === '/' || PAGE_FILES.includes(request.path.slice(1))) return sourceFiles(request, response, next);
    next();
  };
}

/** The page's scripts by the path they are served at: /app.js and its /chunks/…. */
async function bundleFromSource(): Promise<Map<string, string>> {
  const { build } = await import('esbuild');
  const result = await build({ ...PAGE_BUILD_OPTIONS, write: false, sourcemap: 'inline', outdir: BUILT_PAGE });
  const files = new Map(
    result.outputFiles
      .filter((file) => file.path.endsWith('.js'))
      .map((file) => [`/${relative(BUILT_PAGE, file.path).split(sep).join('/')}`, file.text] as const),
  );
  if (!files.has('/app.js')) throw new Error('esbuild gave no app.js');
  return files;
}
