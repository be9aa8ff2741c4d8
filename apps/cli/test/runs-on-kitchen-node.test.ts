// The CLI's tests run on the Node that runs pnpm (the kitchen's own, 20 on a fresh machine), not on
// the Node 22 binary the conformance suite brings: that package's `node` bin sits first on a package
// script's PATH, so a plain `vitest run` here started under Node 22 and tested the CLI on a Node the
// README never promises.

import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const launcher = process.env['npm_node_execpath'];

describe('the Node these tests run on', () => {
  it.runIf(launcher !== undefined)('is the one that runs the package manager', () => {
    expect(realpathSync(process.execPath)).toBe(realpathSync(launcher as string));
  });
});
