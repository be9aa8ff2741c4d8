import { describe, expect, it } from 'vitest';
import { numberRanges, summariseArguments } from './summarise-arguments.js';

describe('numberRanges', () => {
  it('joins runs of whole numbers and lists the rest in order', () => {
    expect(numberRanges([3, 1, 2, 7, 9, 10, 11, 12])).toBe('1–3, 7, 9–12');
    expect(numberRanges([5])).toBe('5');
    expect(numberRanges([2.5, 1, 2])).toBe('1–2, 2.5');
  });

  it('ends a long list with the count of numbers in all', () => {
    expect(numberRanges([1, 3, 5, 7, 9, 11, 13, 15, 17, 19])).toBe('1, 3, 5, 7, 9, 11, 13, 15, … (10 in all)');
  });
});

describe('summariseArguments', () => {
  it('summarises a varying number as ranges, for any argument name', () => {
    const inputs = Array.from({ length: 20 }, (_, index) => ({ id: index + 1 }));
    expect(summariseArguments(inputs)).toBe('id 1–20');
    expect(summariseArguments([{ page: 4 }, { page: 2 }, { page: 3 }])).toBe('page 2–4');
  });

  it('shows a value every call shares once, and counts values that differ', () => {
    expect(
      summariseArguments([
        { shelf: 'A', jar: 1, note: 'x' },
        { shelf: 'A', jar: 2, note: 'y' },
      ]),
    ).toBe('shelf: "A"; jar 1–2; note: 2 different');
  });

  it('counts an argument some calls leave out as differing', () => {
    expect(summariseArguments([{ id: 1, verbose: true }, { id: 2 }])).toBe('id 1–2; verbose: 2 different');
  });

  it('cleans escape sequences out of argument names', () => {
    expect(summariseArguments([{ '\u001b[2Jid': 1 }, { '\u001b[2Jid': 2 }])).toBe('id 1–2');
  });
});
