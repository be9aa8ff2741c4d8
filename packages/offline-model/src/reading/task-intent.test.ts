import { describe, expect, it } from 'vitest';
import { parseTaskIntent } from './task-intent.js';

describe('parseTaskIntent', () => {
  const one = (count: number | undefined, sides: number | undefined, modifier = 0) => ({ count, sides, modifier });
  it.each([
    ['roll 3 dice', [one(3, undefined)], 1, undefined],
    ['roll two d20', [one(2, 20)], 1, undefined],
    ['roll 4d6 with seed 7', [one(4, 6)], 1, 7],
    ['Roll a d20', [one(1, 20)], 1, undefined],
    ['roll a die', [one(1, undefined)], 1, undefined],
    ['throw 2 six-sided dice, seed=42', [one(2, 6)], 1, 42],
    ['roll 5 dice with 10 sides using seed 3', [one(5, 10)], 1, 3],
    ['roll d100', [one(undefined, 100)], 1, undefined],
    ['roll 3d8+2', [one(3, 8, 2)], 1, undefined],
    ['roll 2d10 minus 1', [one(2, 10, -1)], 1, undefined],
    ['roll a d6 three times', [one(1, 6)], 3, undefined],
    ['roll 2d6 and 1d20', [one(2, 6), one(1, 20)], 1, undefined],
    ['roll 3 dice and a d20 twice', [one(3, undefined), one(1, 20)], 2, undefined],
  ])('reads "%s" as a dice roll', (task, groups, repeat, seed) => {
    expect(parseTaskIntent(task)).toEqual({ kind: 'dice', groups, repeat, seed, picture: false });
  });

  it('reads a dice roll that asks for a picture of the dice', () => {
    expect(parseTaskIntent('roll 2d6 with a picture')).toMatchObject({ kind: 'dice', picture: true });
  });

  it.each([
    ['Inspect all 80 cookie jars and report which ones were tampered with, and why'],
    ['check jars 12 to 30 and tell me which were tampered with'],
    ['jars 12-30'],
    ['which of jars 1 through 15 were tampered with?'],
    ['audit the cookie jars'],
    ['Has anything been tampered with?'],
  ])('reads "%s" as a jar audit', (task) => {
    expect(parseTaskIntent(task).kind).toBe('jar-audit');
  });

  it.each([
    ['discard the tampered jars', 'discard', 'tampered', 'all'],
    ['throw away the bad jars among jars 1-20', 'discard', 'tampered', 'ids'],
    ['discard jar 12', 'discard', 'selected', 'ids'],
    ['reseal jar 4', 'reseal', 'selected', 'ids'],
    ['re-seal the tampered jars', 'reseal', 'tampered', 'all'],
    ['discard every jar with a broken seal', 'discard', 'broken-seal', 'all'],
  ])('reads "%s" as a jar action', (task, action, target, selectionKind) => {
    const intent = parseTaskIntent(task);
    expect(intent).toMatchObject({ kind: 'jar-action', action, target });
    expect(intent.kind === 'jar-action' && intent.selection.kind).toBe(selectionKind);
  });

  it.each([
    ['order 3 bags of flour', { quantity: 3, unit: 'bags', item: 'flour' }],
    ['buy a dozen eggs', { quantity: 12, unit: undefined, item: 'eggs' }],
    ['place an order for 2 kg of sugar from the pantry', { quantity: 2, unit: 'kg', item: 'sugar' }],
    ['Order butter', { quantity: 1, unit: undefined, item: 'butter' }],
    ['order 5 jars of honey', { quantity: 5, unit: 'jars', item: 'honey' }],
  ])('reads "%s" as an order', (task, expected) => {
    expect(parseTaskIntent(task)).toEqual({ kind: 'order', ...expected });
  });

  it.each([
    ['bin the dodgy jars between 40 and 45', 'dodgy'],
    ['discard the weird jars', 'weird'],
    ['get rid of the jars that look funny', 'funny'],
    ['discard the jars', 'the jars'],
  ])('reads "%s" as an action on jars it cannot judge yet, never as all of them', (task, qualifier) => {
    expect(parseTaskIntent(task)).toMatchObject({ kind: 'jar-action', target: 'unknown', qualifier });
  });

  it.each([
    ['how heavy is jar 33?', 'weight', [33]],
    ['how much does jar 12 weigh?', 'weight', [12]],
    ['what does the note on jar 8 say?', 'note', [8]],
    ["is jar 5's seal intact?", 'seal', [5]],
    ["what's in jar 2?", 'label', [2]],
    ['weigh jars 3 and 4', 'weight', [3, 4]],
  ])('reads "%s" as a question about a field of named jars', (task, field, ids) => {
    expect(parseTaskIntent(task)).toEqual({ kind: 'jar-question', field, ids });
  });

  it.each([
    ['how many jars are broken?', 'broken-seal'],
    ['how many of jars 1-20 have broken seals?', 'broken-seal'],
    ['how many jars were tampered with?', 'tampered'],
    ['count the clean jars', 'clean'],
  ])('reads "%s" as a count of jars that meet a criterion', (task, criterion) => {
    expect(parseTaskIntent(task)).toMatchObject({ kind: 'jar-tally', criterion });
  });

  it.each([["what's in the pantry?"], ['list the pantry'], ['show me the pantry']])(
    'reads "%s" as a listing of the pantry',
    (task) => {
      expect(parseTaskIntent(task)).toEqual({ kind: 'listing', subject: 'pantry' });
    },
  );

  it('reads a question about the number of jars as a count, not an audit', () => {
    expect(parseTaskIntent('count the jars')).toEqual({ kind: 'jar-count' });
    expect(parseTaskIntent('How many jars are there?')).toEqual({ kind: 'jar-count' });
  });

  it('does not read "in order to" as an order', () => {
    expect(parseTaskIntent('In order to plan, check jars 1-3').kind).toBe('jar-audit');
  });

  it.each([
    ['Write a one-line review of this recipe: lemon tart'],
    ['What is the capital of France?'],
    ['use the critique_recipe tool on tarte tatin'],
  ])('leaves "%s" to the generic planners', (task) => {
    expect(parseTaskIntent(task)).toEqual({ kind: 'other' });
  });
});
