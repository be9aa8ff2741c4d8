// The __NAME__ domain: count the words of a text. Server side, pure: no MCP and no network, so
// it is tested on its own.

export const MAX_TEXT_LENGTH = 10_000;

export interface WordCount {
  words: number;
  characters: number;
  /** The first of the longest words; '' for a text without words. */
  longestWord: string;
}

export function countWords(text: string): WordCount {
  if (text.length > MAX_TEXT_LENGTH) {
    throw new RangeError(`text must be at most ${MAX_TEXT_LENGTH} characters, got ${text.length}`);
  }
  const words = text.split(/\s+/).filter((word) => word !== '');
  const longestWord = words.reduce((longest, word) => (word.length > longest.length ? word : longest), '');
  return { words: words.length, characters: text.length, longestWord };
}
