import { describe, expect, it } from 'vitest';
import { parseTaskIntent } from './task-intent.js';

describe('parseTaskIntent', () => {
  it.each([
    ['roll 3 dice', { count: 3, sides: undefined, seed: undefined }],
    ['roll two d20', { count: 2, sides: 20, seed: undefined }],
    ['roll 4d6 with seed 7', { count: 4, sides: 6, seed: 7 }],
    ['Roll a d20', { count: 1, sides: 20, seed: undefined }],
    ['roll a die', { count: 1, sides: undefined, seed: undefined }],
    ['throw 2 six-sided dice, seed=42', { count: 2, sides: 6, seed: 42 }],
    ['roll 5 dice with 10 sides using seed 3', { count: 5, sides: 10, seed: 3 }],
    ['roll d100', { count: undefined, sides: 100, seed: undefined }],
  ])('reads "%s" as a dice roll', (task, expected) => {
    expect(parseTaskIntent(task)).toEqual({ kind: 'dice', ...expected });
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

  it('reads a question about the number of jars as a count, not an audit', () => {
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
