// The sound of a roll: a valid WAV header, one click per die (counted back from the samples), the
// same bytes for the same roll, and a higher pitch for a higher face.

import { describe, expect, it } from 'vitest';
import { MAX_DICE_HEARD, rattleDice, SAMPLE_RATE } from './dice-sound.js';

/** Clicks heard: runs of samples away from silence (128), separated by silence. */
function countClicks(wav: Buffer): number {
  let clicks = 0;
  let quiet = 0;
  let inClick = false;
  for (const sample of wav.subarray(44)) {
    if (Math.abs(sample - 128) > 10) {
      if (!inClick) clicks += 1;
      inClick = true;
      quiet = 0;
    } else if (++quiet > 100) inClick = false;
  }
  return clicks;
}

/** Zero crossings in the first click: twice its frequency times its length. */
function crossings(wav: Buffer): number {
  const click = wav.subarray(44, 44 + Math.round(0.03 * SAMPLE_RATE));
  let count = 0;
  for (let index = 1; index < click.length; index += 1) {
    if (((click[index - 1] ?? 128) - 128) * ((click[index] ?? 128) - 128) < 0) count += 1;
  }
  return count;
}

describe('rattleDice', () => {
  it('writes a RIFF/WAVE file of 8 kHz, 8-bit mono PCM whose sizes add up', () => {
    const wav = rattleDice({ sides: 6, rolls: [1, 6, 3] });
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([
      1,
      1,
      SAMPLE_RATE,
      8,
    ]);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  });

  it('sounds one click per die, up to the most it lets you hear', () => {
    expect(countClicks(rattleDice({ sides: 6, rolls: [2, 5, 4, 1] }))).toBe(4);
    const many = Array.from({ length: MAX_DICE_HEARD + 5 }, () => 3);
    expect(countClicks(rattleDice({ sides: 6, rolls: many }))).toBe(MAX_DICE_HEARD);
  });

  it('gives the same bytes for the same roll, and a higher pitch for a higher face', () => {
    expect(rattleDice({ sides: 6, rolls: [4, 2] }).equals(rattleDice({ sides: 6, rolls: [4, 2] }))).toBe(true);
    expect(crossings(rattleDice({ sides: 6, rolls: [6] }))).toBeGreaterThan(
      crossings(rattleDice({ sides: 6, rolls: [1] })),
    );
  });
});
