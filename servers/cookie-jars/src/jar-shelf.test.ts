// The process-wide shelf: what it shows after a discard or reseal, which shelves hold jars, and
// whom it tells when a jar really changes. Server side, pure.

import { describe, expect, it } from 'vitest';
import { JarShelf } from './jar-shelf.js';
import { generateJars, shelfOf } from './jars.js';

const jars = generateJars(1729, 80);

describe('JarShelf', () => {
  it('groups jars by the shelf letter in their label', () => {
    const shelf = new JarShelf(jars);
    expect(shelf.shelves()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(shelf.onShelf('B').map((jar) => jar.id)).toEqual(
      jars.filter((jar) => shelfOf(jar) === 'B').map((jar) => jar.id),
    );
    expect(new JarShelf(jars.filter((jar) => shelfOf(jar) === 'D')).shelves()).toEqual(['D']);
  });

  it('tells listeners once per real change, and no more after they stop', () => {
    const shelf = new JarShelf(jars);
    const changed: number[] = [];
    const stop = shelf.onChange((id) => changed.push(id));
    shelf.discard(3);
    shelf.discard(3);
    shelf.reseal(5);
    shelf.reseal(5);
    stop();
    shelf.discard(6);
    expect(changed).toEqual([3, 5]);
    expect(shelf.listenerCount).toBe(0);
  });
});
