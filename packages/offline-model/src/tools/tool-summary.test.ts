import { describe, expect, it } from 'vitest';
import { foldRepeatedLines } from './tool-summary.js';

describe('foldRepeatedLines', () => {
  it('says a repeated line once with its count, in the order lines first appeared', () => {
    const lines = [
      'roll_dice: 4',
      ...Array.from({ length: 198 }, () => 'weigh_jar failed: server cookie-jars is down.'),
      'roll_dice: 6',
    ];
    expect(foldRepeatedLines(lines)).toEqual([
      'roll_dice: 4',
      '198 calls: weigh_jar failed: server cookie-jars is down.',
      'roll_dice: 6',
    ]);
  });
});
