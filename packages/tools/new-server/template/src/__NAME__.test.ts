// The __NAME__ domain on its own: counting, the longest word, and the length limit. Server side, pure.

import { describe, expect, it } from 'vitest';
import { countWords, MAX_TEXT_LENGTH } from './__NAME__.js';

describe('countWords', () => {
  it('counts words separated by any whitespace and finds the first longest one', () => {
    expect(countWords('  the quick\tbrown\nfox  ')).toEqual({ words: 4, characters: 23, longestWord: 'quick' });
  });

  it('counts no words in an empty or blank text', () => {
    expect(countWords('')).toEqual({ words: 0, characters: 0, longestWord: '' });
    expect(countWords(' \n ')).toEqual({ words: 0, characters: 3, longestWord: '' });
  });

  it('refuses a text over the limit, naming the limit', () => {
    expect(() => countWords('a'.repeat(MAX_TEXT_LENGTH + 1))).toThrow(`at most ${MAX_TEXT_LENGTH} characters`);
  });
});
