import { describe, expect, it } from 'vitest';
import { replaceNumberWords } from './number-words.js';

describe('replaceNumberWords', () => {
  it.each([
    ['the first twenty jars', 'the first 20 jars'],
    ['twenty-five', '25'],
    ['twenty five jars', '25 jars'],
    ['one hundred and five', '105'],
    ['two hundred', '200'],
    ['a dozen eggs', '12 eggs'],
    ['2 dozen eggs', '24 eggs'],
    ['a couple of jars', '2 jars'],
    ['jars three and seven', 'jars 3 and 7'],
    ['Roll Two D20', 'Roll 2 D20'],
  ])('turns "%s" into "%s"', (text, expected) => {
    expect(replaceNumberWords(text)).toBe(expected);
  });

  it('keeps two numbers apart when they do not form one', () => {
    expect(replaceNumberWords('five six')).toBe('5 6');
  });
});
