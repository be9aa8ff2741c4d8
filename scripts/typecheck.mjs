// `pnpm typecheck` (and the type check inside `pnpm test`): every package's TypeScript, each file
// checked once. A package's own `typecheck` script (`tsc -p tsconfig.json`) checks the files of
// every workspace package it imports as well, since packages export their sources: twenty of them
// cost about 20 × 17 s of CPU, mostly the same host and runtime files again. Here the tsconfigs
// that every package's `typecheck` script names are read, those with the same compiler options
// become one program (all of them but the web page's), and each program is checked once.
//
//   node scripts/typecheck.mjs [--root DIR]   exit 1 with tsc's own messages when a file does not check

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootFlag = process.argv.indexOf('--root');
const ROOT =
  rootFlag > 0 ? resolve(process.argv[rootFlag + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The workspace's package folders, from pnpm-workspace.yaml's `packages:` globs (`dir/*` only). */
function workspacePackages() {
  const manifest = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...manifest.matchAll(/^\s+-\s+["']?([\w./-]+)\/\*["']?\s*$/gm)].map((match) => match[1]);
  return globs.flatMap((parent) =>
    readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, parent, entry.name, 'package.json')))
      .map((entry) => join(ROOT, parent, entry.name)),
  );
}

/** The tsconfig files a package's `typecheck` script checks (`tsc -p FILE`, as many as it names). */
function typecheckConfigs(packageFolder) {
  const script = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')).scripts?.typecheck ?? '';
  return [...script.matchAll(/\btsc\s+(?:-p|--project)\s+(\S+)/g)].map((match) => join(packageFolder, match[1]));
}

function readConfig(file) {
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) return { file, errors: [read.error] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file), undefined, file);
  return { file, options: parsed.options, fileNames: parsed.fileNames, errors: parsed.errors };
}

/** What makes two configs one program: every option but the file's own path. */
function optionsKey(options) {
  const { configFilePath: _path, ...rest } = options;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

const configs = workspacePackages().flatMap(typecheckConfigs).map(readConfig);
const programs = new Map();
const diagnostics = configs.flatMap((config) => config.errors);
for (const config of configs) {
  if (!config.options) continue;
  const key = optionsKey(config.options);
  const program = programs.get(key) ?? { options: config.options, files: new Set(), configs: [] };
  for (const file of config.fileNames) program.files.add(file);
  program.configs.push(relative(ROOT, config.file));
  programs.set(key, program);
}

for (const { options, files, configs: names } of programs.values()) {
  const began = performance.now();
  const program = ts.createProgram({ rootNames: [...files], options });
  diagnostics.push(...ts.getPreEmitDiagnostics(program));
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  process.stdout.write(`typecheck: ${files.size} files of ${names.length} tsconfig(s) as one program, ${seconds} s\n`);
}

if (diagnostics.length > 0) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  const format = process.stderr.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stderr.write(format(diagnostics, host));
  process.stderr.write(`typecheck: ${diagnostics.length} error(s)\n`);
  process.exit(1);
}
