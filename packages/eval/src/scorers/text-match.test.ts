import { describe, expect, it } from 'vitest';
import { missedText, scorePattern } from './text-match.js';

describe('text scorer', () => {
  it('finds nothing missing in a report that meets every part, whatever its case', () => {
    expect(
      missedText({ contains: ['jar 3'], matches: 'tamper', notContains: ['error'] }, 'Jar 3 was TAMPERED with.'),
    ).toEqual([]);
  });

  it('names each part a report misses', () => {
    expect(
      missedText({ contains: ['3', '4'], matches: '^fine$', notContains: ['error'] }, 'jar 3: error reading it'),
    ).toEqual([
      { field: 'contains', expected: '4' },
      { field: 'matches', expected: '^fine$' },
      { field: 'notContains', expected: 'error' },
    ]);
  });

  it('scores a pattern case by whether the report holds it', () => {
    expect(scorePattern('\\b[1-6]\\b', 'Rolled 3, 5 and 6.')).toEqual({ correct: true, score: 1 });
    expect(scorePattern('\\b[1-6]\\b', 'I cannot roll dice.')).toEqual({ correct: false, score: 0 });
  });
});
