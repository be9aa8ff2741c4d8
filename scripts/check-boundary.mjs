// Lint for the one rule the layout exists to show: the host and the servers meet only over the
// wire. Checks package.json dependency edges and import lines; prints each breach with its fix.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const breaches = [];

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
    forbiddenPackages: [/^@kitchen\/server-/, /^@kitchen\/app$/],
    packageFix: 'make it a devDependency used only by tests (or remove it)',
    forbiddenImports: [/^@modelcontextprotocol\/sdk\/server\//, /^@kitchen\/server-/, /^@kitchen\/host\/testing$/],
    // Even in tests: the host only through its public entries, never its files.
    forbiddenEverywhere: [/^@kitchen\/host\/(?!testing$)/, /^@kitchen\/app/],
    why: 'the offline model reaches servers only over MCP and the host only through @kitchen/host (and @kitchen/host/testing in tests)',
  },
  {
    // The eval library scores runs from the host's events; its tests run the real servers in memory.
    folder: 'packages/eval',
    forbiddenPackages: [/^@kitchen\/server-/, /^@kitchen\/app$/],
    packageFix: 'make it a devDependency used only by tests (or remove it)',
    forbiddenImports: [/^@modelcontextprotocol\/sdk\/server\//, /^@kitchen\/server-/, /^@kitchen\/host\/testing$/],
    forbiddenEverywhere: [/^@kitchen\/host\/(?!testing$)/],
    why: 'the eval library is host side: it reads what a run reports and reaches servers only through the caller that runs a task',
  },
  ...listPackages('servers').map((folder) => ({
    folder,
    forbiddenPackages: [/^@kitchen\/host$/, /^@kitchen\/app$/, /^@modelcontextprotocol\/client$/],
    forbiddenImports: [
      /^@modelcontextprotocol\/sdk\/client\//,
      /^@modelcontextprotocol\/client(\/|$)/,
      /^@kitchen\/host/,
      /^@kitchen\/app/,
    ],
    why: 'a server knows nothing of the host that calls it (server side of the SDK, v1 or v2, only)',
  })),
  {
    // The kit serves either SDK's McpServer (v1 sdk, v2 server + node); its testing helpers may
    // drive a server with either client, its runtime never does.
    folder: 'packages/server-kit',
    forbiddenPackages: [/^@kitchen\/host$/, /^@modelcontextprotocol\/client$/],
    forbiddenImports: [
      /^@kitchen\/host/,
      /^@modelcontextprotocol\/sdk\/client\//,
      /^@modelcontextprotocol\/client(\/|$)/,
    ],
    why: 'the server kit serves servers (server side of the SDK, v1 or v2); it never reaches into the host or a client',
  },
];

for (const side of sides) {
  const manifest = JSON.parse(readFileSync(join(root, side.folder, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (side.forbiddenPackages.some((pattern) => pattern.test(name))) {
      breaches.push(`${side.folder}/package.json depends on ${name}: ${side.packageFix ?? 'remove it'}, ${side.why}.`);
    }
  }
  const folder = join(root, side.folder);
  for (const file of [...sourceFiles(join(folder, 'src')), ...sourceFiles(join(folder, 'test'))]) {
    // Tests and test fakes may stand up a server in-process to exercise the client side.
    const isTest = /\.test\.ts$|\/testing(\/|\.ts$)/.test(file) || file.startsWith(join(folder, 'test'));
    for (const specifier of importsOf(file)) {
      const forbidden = [...(side.forbiddenEverywhere ?? []), ...(isTest ? [] : side.forbiddenImports)];
      if (forbidden.some((pattern) => pattern.test(specifier))) {
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

if (breaches.length > 0) {
  for (const breach of breaches) console.error(breach);
  console.error(`${breaches.length} boundary breach(es).`);
  process.exit(1);
}
console.log('Boundary holds: host and servers meet only over MCP; each SDK stays in its room.');

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
