// Which roots each server is told about: its own when its connection names them; none by default
// for a spawned server given arguments (often its folders, which a server that supports roots
// replaces with the answer to roots/list); the toolbox's otherwise.

import { afterEach, describe, expect, it } from 'vitest';
import { Toolbox } from './toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Servers that exit at once: only what the toolbox would answer them matters here. */
const gone = (name: string, args: string[] = []) => ({
  name,
  command: process.execPath,
  args: ['-e', 'process.exit(1)', ...args],
});

describe('roots per server', () => {
  it('tells a spawned server given folders no root by default, any other the working directory', async () => {
    const toolbox = await Toolbox.connect([
      gone('files', ['/srv/notes']),
      { name: 'web', url: 'http://127.0.0.1:9/mcp' },
    ]);
    cleanups.push(() => toolbox.close());
    expect(toolbox.rootsFor('files')).toEqual([]);
    expect(toolbox.rootsFor('web')).toEqual(toolbox.roots);
    expect(toolbox.roots[0]?.uri).toMatch(/^file:\/\//);
  });

  it("gives a server its own roots over the toolbox's, and the toolbox's given roots to the others", async () => {
    const notes = { uri: 'file:///srv/notes', name: 'notes' };
    const given = [{ uri: 'file:///work', name: 'work' }];
    const toolbox = await Toolbox.connect(
      [{ ...gone('files', ['/srv/notes']), roots: [notes] }, gone('other', ['x'])],
      {
        roots: given,
      },
    );
    cleanups.push(() => toolbox.close());
    expect(toolbox.rootsFor('files')).toEqual([notes]);
    expect(toolbox.rootsFor('other')).toEqual(given);
  });
});
