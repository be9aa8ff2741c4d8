import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortenForModel } from './shorten-for-model.js';

describe('shortenForModel', () => {
  it('leaves a text that fits alone', () => {
    expect(shortenForModel('a'.repeat(100), 100, 'tool result')).toBeUndefined();
  });

  it('keeps the head and the tail of a 5 MB result and says how much was left out, and why', () => {
    const huge = `START${'x'.repeat(5_000_000)}END`;
    const shortened = shortenForModel(huge, 20_000, 'tool result');
    expect(shortened?.text.startsWith('STARTxxx')).toBe(true);
    expect(shortened?.text.endsWith('xxxEND')).toBe(true);
    expect(shortened?.omittedChars).toBe(huge.length - 20_000);
    expect(shortened?.text).toContain(
      '[… 4,980,008 characters left out here: the tool result had 5,000,008 and the model reads at most 20,000 of it;',
    );
  });

  it('keeps exactly maxChars of the original, never splits a character, and counts what it left out', () => {
    const runs = fc.sample(
      fc.tuple(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 1, max: 300 })),
      500,
    );
    for (const [text, maxChars] of runs) {
      const shortened = shortenForModel(text, maxChars, 'tool result');
      if (text.length <= maxChars) {
        expect(shortened).toBeUndefined();
        continue;
      }
      const [head = '', tail = ''] = (shortened?.text ?? '').split(/\n\[… [^\]]*\]\n/);
      expect(head.length + tail.length + (shortened?.omittedChars ?? 0)).toBe(text.length);
      expect(text.startsWith(head) && text.endsWith(tail)).toBe(true);
      expect(head.length + tail.length).toBeLessThanOrEqual(maxChars);
      expect(`${head}${tail}`).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    console.log(`shortenForModel: ${runs.length} random texts and caps tried`);
  });
});
