import { describe, expect, it } from 'vitest';
import { matchArguments } from './match-arguments.js';

describe('argument matching', () => {
  const actual = { id: 3, note: 'Seal checked by Ana', tags: ['a', 'b'] };

  it('exact wants the whole object, in any key order, and keeps 3 apart from "3"', () => {
    expect(matchArguments({ tags: ['a', 'b'], note: 'Seal checked by Ana', id: 3 }, actual, 'exact')).toBe(true);
    expect(matchArguments({ id: 3 }, actual, 'exact')).toBe(false);
    expect(matchArguments({ id: '3', note: 'Seal checked by Ana', tags: ['a', 'b'] }, actual, 'exact')).toBe(false);
  });

  it('partial wants only the listed keys equal', () => {
    expect(matchArguments({ id: 3 }, actual, 'partial')).toBe(true);
    expect(matchArguments({ id: 4 }, actual, 'partial')).toBe(false);
    expect(matchArguments({ missing: undefined }, actual, 'partial')).toBe(false);
  });

  it('contains wants each listed string inside the argument, whatever its case', () => {
    expect(matchArguments({ note: 'checked by ana' }, actual, 'contains')).toBe(true);
    expect(matchArguments({ id: '3' }, actual, 'contains')).toBe(true);
    expect(matchArguments({ note: 'Bo' }, actual, 'contains')).toBe(false);
  });

  it('regex wants each listed pattern to match the argument', () => {
    expect(matchArguments({ id: '^[1-5]$', note: 'seal' }, actual, 'regex')).toBe(true);
    expect(matchArguments({ id: '^4$' }, actual, 'regex')).toBe(false);
  });
});
