import { describe, expect, it } from 'vitest';
import { readJarScope } from './jar-scope.js';

describe('readJarScope', () => {
  it.each([
    ['check the third jar and the tenth jar', { kind: 'ids', ids: [3, 10] }],
    ['inspect the 4th, 8th and 15th jars', { kind: 'ids', ids: [4, 8, 15] }],
    ['audit the first dozen jars', { kind: 'first', count: 12 }],
    [
      'every even-numbered jar from 10 to 20',
      { kind: 'ids', ids: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], parity: 'even' },
    ],
    ['the jars on shelves A and C except 12', { kind: 'all', exclude: [12], shelves: ['A', 'C'] }],
    ['all tampered jars except those on shelf A', { kind: 'all', notShelves: ['A'] }],
    ['tampered jars under 15', { kind: 'ids', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] }],
    ['jars with ids above 70', { kind: 'from', start: 71 }],
    ['the top ten jars', { kind: 'first', count: 10 }],
  ])('reads "%s"', (clause, selection) => {
    const scope = readJarScope(clause);
    expect(scope.selection).toMatchObject(selection);
    expect(scope.unread).toEqual([]);
  });

  it('reads seal and weight problems', () => {
    expect(readJarScope('broken seals only in jars 1-20').problem).toBe('seal');
    expect(readJarScope('the jars whose weight is off').problem).toBe('weight');
  });

  it.each([
    ['jars 12 to 30 on the top row', ['top', 'row']],
    ['every other jar', ['other']],
    ['the jars on shelf 3', ['shelf', 'shelf 3']],
    ['the first 3 tampered jars', ['first 3 tampered']],
  ])('names what it cannot read in "%s"', (clause, unread) => {
    expect(readJarScope(clause).unread).toEqual(expect.arrayContaining(unread));
  });
});
