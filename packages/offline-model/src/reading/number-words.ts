// Numbers written as words ("twenty-five", "a dozen") turned into digits, so every parser in the
// offline model reads one notation. Host side.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const NUMBER_WORD = new RegExp(`\\b(?:${[...Object.keys(TENS), ...Object.keys(UNITS), 'hundred'].join('|')})\\b`, 'gi');

/** Replaces number words with digits: "the first twenty-five jars" → "the first 25 jars". */
export function replaceNumberWords(text: string): string {
  const collective = text
    .replace(/\b(?:a|one)\s+dozen\b/gi, '12')
    .replace(/\b(\d+)\s+dozen\b/gi, (_match, count: string) => String(Number(count) * 12))
    .replace(/\ba\s+(?:couple|pair)\s+of\b/gi, '2')
    .replace(/\ba\s+hundred\b/gi, '100');
  const words = [...collective.matchAll(NUMBER_WORD)];
  let result = '';
  let cursor = 0;
  let index = 0;
  while (index < words.length) {
    const first = words[index];
    if (first === undefined || first.index === undefined) break;
    // Grow the phrase while the next word follows after only spaces or hyphens (or "and" after "hundred").
    let end = index;
    let value = wordValue(first[0]);
    let phraseEnd = first.index + first[0].length;
    while (end + 1 < words.length) {
      const next = words[end + 1];
      if (next === undefined || next.index === undefined) break;
      const gap = collective.slice(phraseEnd, next.index);
      const previousWord = (words[end]?.[0] ?? '').toLowerCase();
      const joins = /^[\s-]+$/.test(gap) || (previousWord === 'hundred' && /^\s+and\s+$/i.test(gap));
      const combined = joins ? combine(value, next[0]) : undefined;
      if (combined === undefined) break;
      value = combined;
      end += 1;
      phraseEnd = next.index + next[0].length;
    }
    result += collective.slice(cursor, first.index) + String(value);
    cursor = phraseEnd;
    index = end + 1;
  }
  // "two dozen" only becomes "2 dozen" above: count its dozens now.
  return (result + collective.slice(cursor)).replace(/\b(\d+)\s+dozen\b/gi, (_match, count: string) =>
    String(Number(count) * 12),
  );
}

function wordValue(word: string): number {
  const lower = word.toLowerCase();
  return lower === 'hundred' ? 100 : (TENS[lower] ?? UNITS[lower] ?? 0);
}

/** "twenty" + "five" = 25, "two" + "hundred" = 200; "five" + "six" is two numbers, not one. */
function combine(value: number, word: string): number | undefined {
  const lower = word.toLowerCase();
  if (lower === 'hundred') return value > 0 && value < 10 ? value * 100 : undefined;
  const next = wordValue(lower);
  const tail = value % 100;
  if (lower in TENS) return tail === 0 && value >= 100 ? value + next : undefined;
  if (value >= 100 && tail === 0) return value + next;
  if (tail >= 20 && tail % 10 === 0 && next < 10) return value + next;
  return undefined;
}
