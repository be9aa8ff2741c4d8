// Numbers and positions in words, for tests that phrase tasks the way people write them. Tests only.

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_UNITS = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];

/** 1..99 in words: 7 → "seven", 42 → "forty-two". */
export function numberWord(value: number): string {
  if (value < 20) return UNITS[value] ?? String(value);
  const unit = value % 10;
  return `${TENS[Math.floor(value / 10)]}${unit === 0 ? '' : `-${UNITS[unit]}`}`;
}

/** 1..99 as a position: 3 → "third", 21 → "twenty-first". */
export function ordinalWord(value: number): string {
  if (value < 20) return ORDINAL_UNITS[value] ?? `${value}th`;
  const unit = value % 10;
  const tens = TENS[Math.floor(value / 10)] ?? '';
  return unit === 0 ? `${tens.replace(/y$/, 'ieth')}` : `${tens}-${ORDINAL_UNITS[unit]}`;
}
