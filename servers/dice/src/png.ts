// The smallest honest PNG encoder: 8-bit RGB, no interlace, every row stored with filter 0 and
// the whole image deflated once. Enough for a few hundred pixels of dice. Server side, pure.

import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [red: number, green: number, blue: number];

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const BIT_DEPTH = 8;
const COLOUR_TYPE_RGB = 2;

/** A width × height RGB canvas, filled with `background`, that encodes itself as PNG. */
export class RgbCanvas {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`a canvas needs whole positive sides, got ${width} × ${height}`);
    }
    this.pixels = new Uint8Array(width * height * 3);
    this.fill(0, 0, width, height, background);
  }

  /** Paints the rectangle at (x, y) of size width × height, clipped to the canvas. */
  fill(x: number, y: number, width: number, height: number, colour: Rgb): void {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row += 1) {
      for (let column = Math.max(0, x); column < Math.min(this.width, x + width); column += 1) {
        this.pixels.set(colour, (row * this.width + column) * 3);
      }
    }
  }

  encodePng(): Buffer {
    const rowBytes = this.width * 3;
    const raw = new Uint8Array((rowBytes + 1) * this.height);
    for (let row = 0; row < this.height; row += 1) {
      // Each scanline starts with its filter type; 0 means "stored as is".
      raw.set(this.pixels.subarray(row * rowBytes, (row + 1) * rowBytes), row * (rowBytes + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([BIT_DEPTH, COLOUR_TYPE_RGB, 0, 0, 0], 8);
    return Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** length, type, data, then the CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}
