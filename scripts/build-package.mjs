// A package's `build`: bundles the entry files named on the command line into dist/ as plain
// JavaScript that `node` runs with no loader. Run by turbo (`pnpm build`, and before `pnpm demo`
// and `pnpm kitchen`), which caches dist/ per package.
//
//   node ../../scripts/build-package.mjs [--minify] src/main.ts [src/other-entry.ts …]
//
// Everything a process loads is bundled in, workspace packages and npm dependencies alike: one
// file starts faster than hundreds (zod, the MCP SDK and express are many small modules), and a
// bundle needs no node_modules lookup that pnpm's strict layout would refuse. A dynamic import()
// stays lazy: it becomes its own chunk, loaded only when that code runs (the Anthropic SDK, the
// web UI's express).
//
// --minify (the example servers) also shortens names: a server process holds its bundle's source
// and scope names for as long as it runs, and a third less of them is about 0.4 MiB of its peak.
// Names in a stack trace are then short; dist/*.js.map (no runtime cost) gives them back under
// `node --enable-source-maps dist/main.js`.

import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The v2 server SDK loads its runtime-specific pieces from `@modelcontextprotocol/server/_shims`;
 * a bundle takes the server kit's instead (packages/server-kit/src/sdk-node-shims.ts says why:
 * the SDK's own cf-worker JSON Schema validator rather than Ajv's code in every server process).
 */
const SDK_SHIMS = fileURLToPath(new URL('../packages/server-kit/src/sdk-node-shims.ts', import.meta.url));
/**
 * The v2 client SDK does the same from `@modelcontextprotocol/client/_shims`; the CLI's bundle takes
 * the host's (packages/host/src/wire/client-sdk-node-shims.ts): Ajv out of the CLI's peak too.
 */
const CLIENT_SDK_SHIMS = fileURLToPath(new URL('../packages/host/src/wire/client-sdk-node-shims.ts', import.meta.url));
const serverSdkShims = {
  name: 'server-sdk-shims',
  setup(bundle) {
    bundle.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: SDK_SHIMS }));
    bundle.onResolve({ filter: /^@modelcontextprotocol\/client\/_shims$/ }, () => ({ path: CLIENT_SDK_SHIMS }));
  },
};

/**
 * zod's `z` namespace re-exports all of its 48 locales (`z.locales`), which esbuild cannot drop
 * from a namespace object: a quarter of a megabyte of error-message tables in every bundle, parsed
 * and held by every server process. The English messages zod installs by default are imported by
 * zod itself (classic/schemas.js imports locales/en.js), so the namespace keeps `en` only; nothing
 * in the kitchen calls `z.config(z.locales.xx())`.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer, resolveDir }) =>
      /[\\/]zod[\\/]v4[\\/]/.test(importer)
        ? { path: join(resolveDir, '..', 'locales', 'index.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, ({ path }) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(path),
      loader: 'js',
    }));
  },
};

const minify = process.argv.includes('--minify');
const entryPoints = process.argv.slice(2).filter((argument) => argument !== '--minify');
if (entryPoints.length === 0) {
  process.stderr.write('build-package: name the entry files to bundle, e.g. src/main.ts\n');
  process.exit(2);
}

// KITCHEN_BUILD_DIST puts the bundle elsewhere (pack:kitchen builds into its staging folder, so a
// pack never empties the dist/ that a running kitchen or a test is loading).
const outdir = process.env.KITCHEN_BUILD_DIST ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Without --minify, whitespace and syntax only: a stack trace a person reads names the functions.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: minify,
  ...(minify ? { sourcemap: 'linked', sourcesContent: false } : {}),
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [zodEnglishOnly, serverSdkShims],
  // esbuild runs a native binary and cannot be bundled; only the web app loads it, from source
  // (apps/web/src/page-bundle.ts bundles the page when no built one is there).
  external: ['esbuild'],
  // Bundled CommonJS (express and its friends) calls require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __kitchenCreateRequire } from 'node:module'; const require = __kitchenCreateRequire(import.meta.url);",
  },
});
