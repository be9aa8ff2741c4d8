// Lint for the one rule the layout exists to show: the host and the servers meet only over the
// wire; and for the layout's own edges: nothing imports an app (apps/*), the runtime library has
// no terminal or browser in it, the tools and the course use libraries only, and no two packages
// import each other in a cycle. Checks package.json dependency edges and import lines; prints each
// breach with its fix.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const breaches = [];

/** The apps: each is a product at the top, run as a process; no package depends on one or imports it. */
const APP_PACKAGES = [/^@kitchen\/(cli|web|scale-out|app)(\/|$)/];
/** What only an app's surface may use: a terminal's or a web server's modules. */
const SURFACE_MODULES = [/^node:(readline|tty)$/, /^(readline|tty)$/, /^express(\/|$)/, /^playwright-core(\/|$)/];
/**
 * What the tools and the course may build on: the libraries, and a tool (the tour runs compare,
 * new-server's test runs conformance). Never an app, and nothing builds on the course.
 */
const LIBRARY_PACKAGES = /^@kitchen\/(host|runtime|eval|check|offline-model|server-kit|server-[a-z-]+)(\/|$)/;
const TOOL_PACKAGES = listPackages('packages/tools').map(
  (folder) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name,
);

const sides = [
  {
    folder: 'packages/host',
    // Tests stand servers up in-process, so the server sides are devDependencies only.
    forbiddenPackages: [/^@kitchen\/server-/, /^@kitchen\/offline-model$/, /^@modelcontextprotocol\/(server|node)$/],
    forbiddenImports: [
      /^@modelcontextprotocol\/sdk\/server\//,
      /^@modelcontextprotocol\/(server|node)(\/|$)/,
      /^@kitchen\/server-/,
      /^@kitchen\/offline-model/,
    ],
    why: 'the host talks to servers only over MCP (client side of the SDK, v1 or v2), and no one model lives in its core',
  },
  {
    // The offline model sits on the host side and only drives servers through the host's tool
    // calls; its tests stand up the real servers in memory (devDependencies, test files only).
    folder: 'packages/offline-model',
    forbiddenPackages: [/^@kitchen\/server-/, ...APP_PACKAGES],
    packageFix: 'make it a devDependency used only by tests (or remove it)',
    forbiddenImports: [/^@modelcontextprotocol\/sdk\/server\//, /^@kitchen\/server-/, /^@kitchen\/host\/testing$/],
    // Even in tests: the host only through its public entries, never its files.
    forbiddenEverywhere: [/^@kitchen\/host\/(?!testing$|format$)/, ...APP_PACKAGES],
    why: 'the offline model reaches servers only over MCP and the host only through @kitchen/host (and @kitchen/host/testing in tests)',
  },
  {
    // The eval library scores runs from the host's events; its tests run the real servers in memory.
    folder: 'packages/eval',
    forbiddenPackages: [/^@kitchen\/server-/, /^@kitchen\/runtime$/, ...APP_PACKAGES],
    packageFix: 'make it a devDependency used only by tests (or remove it)',
    forbiddenImports: [/^@modelcontextprotocol\/sdk\/server\//, /^@kitchen\/server-/, /^@kitchen\/host\/testing$/],
    forbiddenEverywhere: [/^@kitchen\/host\/(?!testing$|format$)/, ...APP_PACKAGES],
    why: 'the eval library is host side: it reads what a run reports and reaches servers only through the caller that runs a task',
  },
  {
    // The check sits on the host side: it reaches servers only over MCP and the host only through
    // its public index; its tests and its ./testing fixture stand servers up in-process.
    folder: 'packages/check',
    forbiddenPackages: [/^@kitchen\/server-/, /^@modelcontextprotocol\/(server|node)$/],
    packageFix: 'make it a devDependency used only by tests and ./testing (or remove it)',
    forbiddenImports: [
      /^@modelcontextprotocol\/sdk\/server\//,
      /^@modelcontextprotocol\/(server|node)(\/|$)/,
      /^@kitchen\/server-/,
    ],
    forbiddenEverywhere: [/^@kitchen\/host\/(?!testing$)/],
    why: 'the check reaches servers only over MCP (client side of the SDK) and the host only through @kitchen/host',
  },
  ...listPackages('servers').map((folder) => ({
    folder,
    forbiddenPackages: [/^@kitchen\/host$/, /^@kitchen\/runtime$/, ...APP_PACKAGES, /^@modelcontextprotocol\/client$/],
    forbiddenImports: [
      /^@modelcontextprotocol\/sdk\/client\//,
      /^@modelcontextprotocol\/client(\/|$)/,
      /^@kitchen\/host/,
      /^@kitchen\/runtime/,
      ...APP_PACKAGES,
    ],
    why: 'a server knows nothing of the host that calls it (server side of the SDK, v1 or v2, only)',
  })),
  {
    // The kit serves either SDK's McpServer (v1 sdk, v2 server + node); its testing helpers may
    // drive a server with either client, its runtime never does. The v2 client is a dependency
    // all the same: the published kit's `./testing` entry loads it (pnpm pack:kitchen); the import
    // rule below keeps it out of everything but the testing helpers.
    folder: 'packages/server-kit',
    forbiddenPackages: [/^@kitchen\/host$/],
    forbiddenImports: [
      /^@kitchen\/host/,
      /^@modelcontextprotocol\/sdk\/client\//,
      /^@modelcontextprotocol\/client(\/|$)/,
    ],
    why: 'the server kit serves servers (server side of the SDK, v1 or v2); it never reaches into the host or a client',
  },
  {
    // The runtime is the library the apps and the tools share: no command line, no terminal, no
    // web server in it, and no app above it.
    folder: 'packages/runtime',
    forbiddenPackages: [...APP_PACKAGES, /^@kitchen\/server-/, /^express$/],
    forbiddenImports: [...SURFACE_MODULES, /^@kitchen\/server-/],
    forbiddenEverywhere: [...APP_PACKAGES],
    why: 'the runtime is the library under the apps: it imports no app, no terminal or web-server module, and reaches servers only over MCP',
  },
  ...[...listPackages('packages/tools'), ...listPackages('packages/course')].map((folder) => ({
    folder,
    forbiddenPackages: [...APP_PACKAGES],
    forbiddenImports: [],
    forbiddenEverywhere: [...APP_PACKAGES],
    onlyKitchenPackages: LIBRARY_PACKAGES,
    why: 'a tool or a lesson builds on the libraries (host, runtime, eval, check, offline model, server kit, servers) and the tools, never on an app or the course',
  })),
  ...listPackages('apps').map((folder) => ({
    folder,
    forbiddenPackages: [...APP_PACKAGES],
    forbiddenImports: [],
    forbiddenEverywhere: [...APP_PACKAGES],
    why: 'an app never imports another app: it starts it as a process (as `kitchen web` starts apps/web)',
  })),
];

for (const side of sides) {
  const manifest = JSON.parse(readFileSync(join(root, side.folder, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (side.forbiddenPackages.some((pattern) => pattern.test(name))) {
      breaches.push(`${side.folder}/package.json depends on ${name}: ${side.packageFix ?? 'remove it'}, ${side.why}.`);
    }
  }
  // An app is never a dependency, not even a test's: tests drive an app as a process.
  for (const name of Object.keys(manifest.devDependencies ?? {})) {
    if (APP_PACKAGES.some((pattern) => pattern.test(name))) {
      breaches.push(`${side.folder}/package.json depends on ${name} (devDependencies): remove it, ${side.why}.`);
    }
  }
  const folder = join(root, side.folder);
  for (const file of [...sourceFiles(join(folder, 'src')), ...sourceFiles(join(folder, 'test'))]) {
    // Tests and test fakes may stand up a server in-process to exercise the client side.
    const isTest = /\.test\.ts$|\/testing(\/|\.ts$)/.test(file) || file.startsWith(join(folder, 'test'));
    for (const specifier of importsOf(file)) {
      const forbidden = [...(side.forbiddenEverywhere ?? []), ...(isTest ? [] : side.forbiddenImports)];
      const notALibrary =
        side.onlyKitchenPackages !== undefined &&
        specifier.startsWith('@kitchen/') &&
        !side.onlyKitchenPackages.test(specifier) &&
        !TOOL_PACKAGES.some((tool) => specifier === tool || specifier.startsWith(`${tool}/`));
      if (forbidden.some((pattern) => pattern.test(specifier)) || notALibrary) {
        breaches.push(`${relative(root, file)} imports ${specifier}: ${side.why}.`);
      }
      // A relative path out of the package reaches into another package's files.
      if (specifier.startsWith('.') && relative(folder, resolve(dirname(file), specifier)).startsWith('..')) {
        breaches.push(
          `${relative(root, file)} imports ${specifier}: import another package by its name, never by path.`,
        );
      }
    }
  }
}

// Inside the host, each SDK has one room: the MCP SDK is spoken only by the wire folder and the
// concepts that sit on it (toolbox, sampling and elicitation handlers); the v2 client (revision
// 2026-07-28) only by the wire folder; the Anthropic SDK only by the Anthropic model. Everything
// else reaches them through the host's own types.
const hostRooms = [
  {
    pattern: /^@modelcontextprotocol\/client(\/|$)/,
    allowed: [/^wire\//],
    fix: 'keep the v2 client (2026-07-28 path) in packages/host/src/wire/ and reach it through the toolbox',
  },
  {
    pattern: /^@modelcontextprotocol\/sdk\//,
    allowed: [/^wire\//, /^toolbox\.ts$/, /^sampling-handler\.ts$/, /^elicitation-handler\.ts$/],
    fix: 'put MCP wire code in packages/host/src/wire/ and import it from there',
  },
  {
    pattern: /^@anthropic-ai\/sdk/,
    allowed: [/^model\/anthropic\//],
    fix: 'keep Anthropic SDK code in packages/host/src/model/anthropic/',
  },
];
const hostSource = join(root, 'packages/host/src');
for (const file of sourceFiles(hostSource)) {
  if (/\.test\.ts$|\/testing(\/|\.ts$)/.test(file)) continue;
  const inHost = relative(hostSource, file);
  for (const specifier of importsOf(file)) {
    for (const room of hostRooms) {
      if (room.pattern.test(specifier) && !room.allowed.some((allowed) => allowed.test(inHost))) {
        breaches.push(`packages/host/src/${inHost} imports ${specifier}: ${room.fix}.`);
      }
    }
  }
}

// No runtime import cycle between packages: the edges are the imports in each package's non-test
// source (src/, tests left out: a test may stand up what sits above it), by package name.
const packageFolders = ['packages', 'packages/tools', 'packages/course', 'servers', 'apps'].flatMap(listPackages);
const nameOf = new Map(
  packageFolders.map((folder) => [folder, JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name]),
);
const folderOf = new Map([...nameOf].map(([folder, name]) => [name, folder]));
const edges = new Map();
for (const folder of packageFolders) {
  const targets = new Set();
  for (const file of sourceFiles(join(root, folder, 'src'))) {
    if (/\.test\.ts$|\/testing(\/|\.ts$)/.test(file)) continue;
    for (const specifier of importsOf(file)) {
      const name = specifier.match(/^(@[^/]+\/[^/]+|[^@/][^/]*)/)?.[1];
      if (name !== undefined && folderOf.has(name) && name !== nameOf.get(folder)) targets.add(name);
    }
  }
  edges.set(nameOf.get(folder), targets);
}
const cycle = findCycle(edges);
if (cycle !== undefined) {
  breaches.push(
    `import cycle between packages: ${cycle.join(' → ')}; a package imports only what sits below it (move the shared code down).`,
  );
}

if (breaches.length > 0) {
  for (const breach of breaches) console.error(breach);
  console.error(`${breaches.length} boundary breach(es).`);
  process.exit(1);
}
console.log(
  'Boundary holds: host and servers meet only over MCP; each SDK stays in its room; nothing imports an app; no package cycle.',
);

/** The first cycle in a graph of package names (as a path that ends where it began), if any. */
function findCycle(graph) {
  const state = new Map();
  const path = [];
  const visit = (node) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found !== undefined) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found !== undefined) return found;
  }
  return undefined;
}

function listPackages(group) {
  const folder = join(root, group);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => `${group}/${name}`)
    .filter((path) => existsSync(join(root, path, 'package.json')));
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
}

function* sourceFiles(folder) {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts')) yield path;
  }
}
