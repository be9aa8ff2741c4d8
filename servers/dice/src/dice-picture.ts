// A picture of a roll: one square die per roll, ten to a row, with pips for dice of up to six
// sides and the number for bigger dice. Drawn into a PNG in code, no image assets. Server side, pure.

import { type Rgb, RgbCanvas } from './png.js';

export const DIE_PIXELS = 36;
const BORDER = 2;
const GAP = 6;
const MARGIN = 6;
export const DICE_PER_ROW = 10;
export const PIP_PIXELS = 6;
/** Digits are drawn from a 3 × 5 font, each font pixel as a 2 × 2 block. */
export const DIGIT_SCALE = 2;

export const BACKGROUND: Rgb = [244, 239, 230];
export const FACE: Rgb = [255, 255, 255];
export const INK: Rgb = [58, 42, 26];

/** Where the pips of a six-sided die's faces sit, as [row, column] on a 3 × 3 grid. */
export const PIP_PATTERNS: Readonly<Record<number, ReadonlyArray<readonly [number, number]>>> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [0, 2],
    [2, 0],
    [2, 2],
  ],
  5: [
    [0, 0],
    [0, 2],
    [1, 1],
    [2, 0],
    [2, 2],
  ],
  6: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
};

/** A 3 × 5 pixel font: one string per digit, rows top to bottom, "#" for ink. */
export const DIGIT_FONT: readonly string[] = [
  '###,#.#,#.#,#.#,###',
  '.#.,##.,.#.,.#.,###',
  '###,..#,###,#..,###',
  '###,..#,###,..#,###',
  '#.#,#.#,###,..#,..#',
  '###,#..,###,..#,###',
  '###,#..,###,#.#,###',
  '###,..#,..#,..#,..#',
  '###,#.#,###,#.#,###',
  '###,#.#,###,..#,###',
];

/** The top-left pixel of die number `index` (0-based) in the picture. */
export function diePosition(index: number): { x: number; y: number } {
  return {
    x: MARGIN + (index % DICE_PER_ROW) * (DIE_PIXELS + GAP),
    y: MARGIN + Math.floor(index / DICE_PER_ROW) * (DIE_PIXELS + GAP),
  };
}

/** A PNG showing each of `rolls` as a die face; `sides` decides between pips and numbers. */
export function drawDice({ sides, rolls }: { sides: number; rolls: readonly number[] }): Buffer {
  if (rolls.length === 0) throw new RangeError('there must be at least one roll to draw');
  const columns = Math.min(rolls.length, DICE_PER_ROW);
  const rows = Math.ceil(rolls.length / DICE_PER_ROW);
  const canvas = new RgbCanvas(
    2 * MARGIN + columns * DIE_PIXELS + (columns - 1) * GAP,
    2 * MARGIN + rows * DIE_PIXELS + (rows - 1) * GAP,
    BACKGROUND,
  );
  rolls.forEach((value, index) => {
    const { x, y } = diePosition(index);
    canvas.fill(x, y, DIE_PIXELS, DIE_PIXELS, INK);
    canvas.fill(x + BORDER, y + BORDER, DIE_PIXELS - 2 * BORDER, DIE_PIXELS - 2 * BORDER, FACE);
    if (sides <= 6) drawPips(canvas, x, y, value);
    else drawNumber(canvas, x, y, value);
  });
  return canvas.encodePng();
}

function drawPips(canvas: RgbCanvas, x: number, y: number, value: number): void {
  const inner = DIE_PIXELS - 2 * BORDER;
  for (const [row, column] of PIP_PATTERNS[value] ?? []) {
    const centre = (cell: number) => BORDER + Math.round((inner * (cell + 1)) / 4);
    canvas.fill(x + centre(column) - PIP_PIXELS / 2, y + centre(row) - PIP_PIXELS / 2, PIP_PIXELS, PIP_PIXELS, INK);
  }
}

function drawNumber(canvas: RgbCanvas, x: number, y: number, value: number): void {
  const digits = String(value);
  const digitWidth = 3 * DIGIT_SCALE;
  const spacing = DIGIT_SCALE;
  const width = digits.length * (digitWidth + spacing) - spacing;
  const left = x + Math.floor((DIE_PIXELS - width) / 2);
  const top = y + Math.floor((DIE_PIXELS - 5 * DIGIT_SCALE) / 2);
  [...digits].forEach((digit, position) => {
    const glyph = DIGIT_FONT[Number(digit)]?.split(',') ?? [];
    glyph.forEach((line, row) => {
      [...line].forEach((mark, column) => {
        if (mark !== '#') return;
        canvas.fill(
          left + position * (digitWidth + spacing) + column * DIGIT_SCALE,
          top + row * DIGIT_SCALE,
          DIGIT_SCALE,
          DIGIT_SCALE,
          INK,
        );
      });
    });
  });
}
