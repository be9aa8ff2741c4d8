// How many terminal columns text takes, and text cut to fit: a row that wraps would break the
// live board's count of its own lines. App side, pure; a small table, not a Unicode database.

import { type Colour, paint } from './paint.js';

/** Two columns: East Asian wide and full-width characters, and emoji pictographs. */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x26a1, 0x26a1],
  [0x26d4, 0x26d4],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x274c, 0x274c],
  [0x2753, 0x2755],
  [0x2e80, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1faff],
  [0x20000, 0x3fffd],
];
/** No columns: combining marks, zero-width joiners and spaces, variation selectors. */
const ZERO: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f],
  [0x200b, 0x200f],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
];

export function charWidth(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  const within = ([low, high]: readonly [number, number]) => code >= low && code <= high;
  if (ZERO.some(within)) return 0;
  return WIDE.some(within) ? 2 : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += charWidth(character);
  return width;
}

/** A piece of a row and its colour. */
export type Segment = readonly [text: string, colour?: Colour];

/** Joins segments into one line of at most `columns` columns, cut with "…", painted when `color`. */
export function fitSegments(segments: readonly Segment[], columns: number, color: boolean): string {
  const fits = displayWidth(segments.map(([text]) => text).join('')) <= columns;
  // Cut: leave one column for the ellipsis.
  let room = fits ? columns : Math.max(0, columns - 1);
  let line = '';
  for (const [text, colour] of segments) {
    let kept = '';
    for (const character of text) {
      const size = charWidth(character);
      if (size > room) break;
      kept += character;
      room -= size;
    }
    line += colour === undefined ? kept : paint(colour, kept, color);
    if (kept.length < text.length) break;
  }
  return fits ? line : `${line}…`;
}
