// Dice in the words people use: "roll 3d8+2", "roll two d20", "roll a d6 three times", "roll 2d6
// and 1d20", "throw 5 dice with 10 sides, seed 3", "roll 2d6 with a picture". A small grammar
// over the task's tokens: groups of dice (count, sides, modifier), how many times, a seed, and
// whether a picture of them was asked for. Host side, pure.

import { replaceNumberWords } from './number-words.js';

export interface DiceGroup {
  /** Undefined: the tool's default (one die). */
  count: number | undefined;
  /** Undefined: the tool's default (six sides). */
  sides: number | undefined;
  /** Added to the group's total ("3d8+2" is +2, "minus 1" is -1). */
  modifier: number;
}

export interface DiceRequest {
  groups: DiceGroup[];
  /** "three times", "twice": every group is rolled this many times. */
  repeat: number;
  seed: number | undefined;
  /** "with a picture", "show me an image": the tool is asked for one when it can draw it. */
  picture: boolean;
}

// One group: "3d8+2", "d20", "two six-sided dice", "a die", "5 dice with 10 sides", then an
// optional modifier ("+2", "plus 2", "- 1").
const GROUP = new RegExp(
  [
    String.raw`(?:\b(\d+)\s*|\b(a|an|one)\s+)?(?<![a-z])d(\d+)\b`, // notation: 3d8, d20, a d6
    String.raw`|\b(\d+|a|an|one|the|some)?\s*(?:(\d+)[\s-]*(?:sided|faced)\s+)?\b(?:dice|die)\b`,
    String.raw`(?:\s+(?:with|of|having)\s+(\d+)\s+(?:sides|faces))?`,
  ].join(''),
  'g',
);
const MODIFIER =
  /^\s*,?\s*(?:and\s+)?(?:then\s+)?(?:(\+|plus|add(?:ing)?)|(-|minus|subtract(?:ing)?|take away))\s*(\d+)\b/;
const REPEAT = /\b(\d+)\s+times\b|\b(twice)\b|\b(thrice)\b/;
const SEED = /\bseed(?:\s*(?:=|:|of|is|number))?\s*(-?\d+)\b/;
const PICTURE = /\b(?:picture|image|photo|drawing)s?\b/;

export function mentionsDice(text: string): boolean {
  return /\b(?:dice|die|\d*\s?d\d+)\b/.test(normalise(text));
}

export function parseDiceRequest(task: string): DiceRequest {
  const text = normalise(task).replace(SEED, ' ');
  const groups: DiceGroup[] = [];
  for (const match of text.matchAll(GROUP)) {
    const [whole, notationCount, article, notationSides, wordCount, sidedSides, withSides] = match;
    const modifier = MODIFIER.exec(text.slice((match.index ?? 0) + whole.length));
    const count =
      notationSides !== undefined ? (notationCount ?? (article !== undefined ? '1' : undefined)) : wordCount;
    const sides = notationSides ?? sidedSides ?? withSides;
    groups.push({
      count:
        count === undefined || !/^(?:\d+|a|an|one)$/.test(count) ? undefined : /^\d+$/.test(count) ? Number(count) : 1,
      sides: sides === undefined ? undefined : Number(sides),
      modifier: modifier === null ? 0 : Number(modifier[3]) * (modifier[2] !== undefined ? -1 : 1),
    });
  }
  const repeat = REPEAT.exec(text);
  const seed = SEED.exec(normalise(task));
  return {
    groups: groups.length > 0 ? groups : [{ count: undefined, sides: undefined, modifier: 0 }],
    repeat: repeat === null ? 1 : repeat[2] !== undefined ? 2 : repeat[3] !== undefined ? 3 : Number(repeat[1]),
    seed: seed?.[1] !== undefined ? Number(seed[1]) : undefined,
    picture: PICTURE.test(text),
  };
}

/** "3d8+2", "2d6", "3 dice". */
export function describeGroup(count: number, sides: number | undefined, modifier = 0): string {
  const dice = sides === undefined ? `${count} ${count === 1 ? 'die' : 'dice'}` : `${count}d${sides}`;
  return modifier === 0 ? dice : `${dice}${modifier > 0 ? '+' : ''}${modifier}`;
}

function normalise(text: string): string {
  return replaceNumberWords(text.toLowerCase()).replace(/\s+/g, ' ');
}
