// Lint for the one rule the layout exists to show: the host and the servers meet only over the
// wire. Checks package.json dependency edges and import lines; prints each breach with its fix.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const breaches = [];

const sides = [
  {
    folder: 'packages/host',
    forbiddenPackages: [/^@kitchen\/server-/],
    forbiddenImports: [/^@modelcontextprotocol\/sdk\/server\//, /^@kitchen\/server-/],
    why: 'the host talks to servers only over MCP (client side of the SDK)',
  },
  ...listPackages('servers').map((folder) => ({
    folder,
    forbiddenPackages: [/^@kitchen\/host$/, /^@kitchen\/app$/],
    forbiddenImports: [/^@modelcontextprotocol\/sdk\/client\//, /^@kitchen\/host/, /^@kitchen\/app/],
    why: 'a server knows nothing of the host that calls it (server side of the SDK only)',
  })),
  {
    folder: 'packages/server-kit',
    forbiddenPackages: [/^@kitchen\/host$/],
    forbiddenImports: [/^@kitchen\/host/],
    why: 'the server kit serves servers; it never reaches into the host',
  },
];

for (const side of sides) {
  const manifest = JSON.parse(readFileSync(join(root, side.folder, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (side.forbiddenPackages.some((pattern) => pattern.test(name))) {
      breaches.push(`${side.folder}/package.json depends on ${name}: remove it, ${side.why}.`);
    }
  }
  for (const file of sourceFiles(join(root, side.folder, 'src'))) {
    // Tests and test fakes may stand up a server in-process to exercise the client side.
    if (/\.test\.ts$|\/testing(\/|\.ts$)/.test(file)) continue;
    for (const specifier of importsOf(file)) {
      if (side.forbiddenImports.some((pattern) => pattern.test(specifier))) {
        breaches.push(`${relative(root, file)} imports ${specifier}: ${side.why}.`);
      }
    }
  }
}

// Inside the host, each SDK has one room: the MCP SDK is spoken only by the wire folder and the
// concepts that sit on it (toolbox, sampling and elicitation handlers); the Anthropic SDK only by
// the Anthropic model. Everything else reaches them through the host's own types.
const hostRooms = [
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
