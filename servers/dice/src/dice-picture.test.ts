// The dice picture: a valid PNG whose pixels show each roll (pips counted, digits compared with
// the font), laid out ten to a row. Decoded here with node:zlib, not trusted. Server side, pure.

import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DICE_PER_ROW,
  DIE_PIXELS,
  DIGIT_FONT,
  DIGIT_SCALE,
  diePosition,
  drawDice,
  INK,
  PIP_PIXELS,
} from './dice-picture.js';

interface DecodedPng {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
}

/** Reads the 8-bit RGB, filter-0 PNGs drawDice writes, checking every chunk's CRC on the way. */
function decodePng(png: Buffer): DecodedPng {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const compressed: Buffer[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length), `${type} CRC`).toBe(
      crc32(png.subarray(offset + 4, offset + 8 + length)),
    );
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') compressed.push(data);
    offset += 12 + length;
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  const raw = inflateSync(Buffer.concat(compressed));
  const rowBytes = width * 3 + 1;
  expect(raw.length).toBe(rowBytes * height);
  for (let row = 0; row < height; row += 1) expect(raw[row * rowBytes]).toBe(0);
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = y * rowBytes + 1 + x * 3;
      return [raw[at] ?? -1, raw[at + 1] ?? -1, raw[at + 2] ?? -1];
    },
  };
}

/** Ink pixels inside die `index`, leaving out its border. */
function inkOnFace(picture: DecodedPng, index: number): number {
  const { x, y } = diePosition(index);
  let ink = 0;
  for (let row = y + 2; row < y + DIE_PIXELS - 2; row += 1) {
    for (let column = x + 2; column < x + DIE_PIXELS - 2; column += 1) {
      if (picture.pixel(column, row).join() === INK.join()) ink += 1;
    }
  }
  return ink;
}

function fontInk(value: number): number {
  return [...String(value)].reduce(
    (sum, digit) => sum + [...(DIGIT_FONT[Number(digit)] ?? '')].filter((mark) => mark === '#').length,
    0,
  );
}

describe('drawDice', () => {
  it('draws one face per roll with as many pips as the roll shows', () => {
    const rolls = [1, 2, 3, 4, 5, 6];
    const picture = decodePng(drawDice({ sides: 6, rolls }));
    rolls.forEach((value, index) => {
      expect(inkOnFace(picture, index), `die ${index} showing ${value}`).toBe(value * PIP_PIXELS * PIP_PIXELS);
    });
  });

  it('writes the number on dice with more than six sides', () => {
    const rolls = [7, 17, 71, 1000];
    const picture = decodePng(drawDice({ sides: 1000, rolls }));
    rolls.forEach((value, index) => {
      expect(inkOnFace(picture, index), `die showing ${value}`).toBe(fontInk(value) * DIGIT_SCALE * DIGIT_SCALE);
    });
  });

  it('lays out ten dice to a row and sizes the picture to fit', () => {
    const one = decodePng(drawDice({ sides: 6, rolls: [3] }));
    const many = decodePng(drawDice({ sides: 6, rolls: Array.from({ length: 23 }, () => 2) }));
    expect(one.width).toBe(one.height);
    expect(many.width).toBe(diePosition(DICE_PER_ROW - 1).x + DIE_PIXELS + diePosition(0).x);
    expect(many.height).toBe(diePosition(20).y + DIE_PIXELS + diePosition(0).y);
    expect(inkOnFace(many, 22)).toBe(2 * PIP_PIXELS * PIP_PIXELS);
  });

  it('gives different pictures for different rolls', () => {
    expect(drawDice({ sides: 6, rolls: [1, 2] }).equals(drawDice({ sides: 6, rolls: [2, 1] }))).toBe(false);
    expect(drawDice({ sides: 6, rolls: [4, 4] }).equals(drawDice({ sides: 6, rolls: [4, 4] }))).toBe(true);
  });

  it('refuses to draw no dice', () => {
    expect(() => drawDice({ sides: 6, rolls: [] })).toThrow(RangeError);
  });
});
