// --root folders become file:// roots named after the folder; none means the host's default.

import { describe, expect, it } from 'vitest';
import { rootsFromFlags } from './roots-from-flags.js';

describe('rootsFromFlags', () => {
  it('turns each folder into a file:// root named after it', () => {
    expect(rootsFromFlags(['/srv/recipes', '/tmp'])).toEqual([
      { uri: 'file:///srv/recipes', name: 'recipes' },
      { uri: 'file:///tmp', name: 'tmp' },
    ]);
  });

  it('leaves the default (the working directory) to the host when no --root is given', () => {
    expect(rootsFromFlags(undefined)).toBeUndefined();
    expect(rootsFromFlags([])).toBeUndefined();
  });
});
