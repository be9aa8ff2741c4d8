// The sound of a roll: a short WAV in which each die lands as one click, pitched by its face, so
// a host that plays audio lets you hear how many dice fell. Server side, pure: the same roll gives
// the same bytes, drawn in code (8 kHz, 8-bit mono PCM), no sound files.

/** Samples per second; low, because a click needs no more and the clip stays a few kilobytes. */
export const SAMPLE_RATE = 8_000;
const CLICK_SECONDS = 0.06;
const GAP_SECONDS = 0.04;
/** Dice heard, at most: past this many the clip would only get longer, not clearer. */
export const MAX_DICE_HEARD = 20;

/** A WAV (audio/wav) with one click per die, up to MAX_DICE_HEARD, higher for a higher face. */
export function rattleDice(roll: { sides: number; rolls: number[] }): Buffer {
  const heard = roll.rolls.slice(0, MAX_DICE_HEARD);
  const clickLength = Math.round(CLICK_SECONDS * SAMPLE_RATE);
  const gapLength = Math.round(GAP_SECONDS * SAMPLE_RATE);
  const samples = new Uint8Array(heard.length * (clickLength + gapLength)).fill(128);
  for (const [index, face] of heard.entries()) {
    // 300 Hz for the lowest face up to 1,200 Hz for the highest.
    const hertz = 300 + (900 * (face - 1)) / Math.max(1, roll.sides - 1);
    const start = index * (clickLength + gapLength);
    for (let sample = 0; sample < clickLength; sample += 1) {
      const decay = Math.exp((-6 * sample) / clickLength);
      const wave = Math.sin((2 * Math.PI * hertz * sample) / SAMPLE_RATE);
      samples[start + sample] = Math.round(128 + 100 * decay * wave);
    }
  }
  return encodeWav(samples);
}

/** RIFF/WAVE with one PCM format chunk and one data chunk: 8-bit unsigned, mono. */
function encodeWav(samples: Uint8Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // format chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28); // bytes per second: one byte a sample
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
