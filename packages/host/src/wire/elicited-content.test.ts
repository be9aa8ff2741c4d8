import { describe, expect, it } from 'vitest';
import { type ElicitationSchema, findContentProblems, readFieldAnswer } from './elicited-content.js';

const form: ElicitationSchema = {
  type: 'object',
  properties: {
    filling: { type: 'string', enum: ['apple', 'cherry'] },
    servings: { type: 'integer', minimum: 1, maximum: 12 },
    weight: { type: 'number', minimum: 0.5 },
    vegan: { type: 'boolean' },
    note: { type: 'string', maxLength: 10 },
    email: { type: 'string', format: 'email' },
    hero: { type: 'string', oneOf: [{ const: 'hero-1', title: 'Superman' }] },
    toppings: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['nuts', 'cream', 'sugar'] } },
  },
  required: ['filling', 'servings'],
};

describe('findContentProblems', () => {
  it('accepts an answer that fits the form', () => {
    expect(
      findContentProblems(form, {
        filling: 'apple',
        servings: 4,
        weight: 1.5,
        vegan: true,
        note: 'warm',
        email: 'a@b.co',
        hero: 'hero-1',
        toppings: ['nuts'],
      }),
    ).toEqual([]);
  });

  it('names each field that does not fit and what it must be', () => {
    expect(
      findContentProblems(form, {
        filling: 'anchovy',
        servings: 4.5,
        weight: 0.1,
        vegan: 'yes',
        note: 'far too long a note',
        email: 'nope',
        hero: 'hero-9',
        toppings: ['nuts', 'cream', 'gold'],
      }),
    ).toEqual([
      'filling must be one of: apple, cherry.',
      'servings must be a whole number.',
      'weight must be at least 0.5.',
      'vegan must be true or false.',
      'note must be at most 10 characters.',
      'email must be a valid email.',
      'hero must be one of: hero-1.',
      'toppings has "gold", which is not one of: nuts, cream, sugar.',
    ]);
  });

  it('reports missing required fields and fields the form does not have', () => {
    expect(findContentProblems(form, { servings: 13, colour: 'red' })).toEqual([
      'filling is required.',
      'servings must be at most 12.',
      'colour is not a field of this form (fields: filling, servings, weight, vegan, note, email, hero, toppings).',
    ]);
  });
});

describe('readFieldAnswer', () => {
  it('reads typed text as the value the field wants', () => {
    expect(readFieldAnswer({ type: 'integer', minimum: 1 }, ' 6 ')).toEqual({ value: 6 });
    expect(readFieldAnswer({ type: 'boolean' }, 'Yes')).toEqual({ value: true });
    expect(readFieldAnswer({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } }, 'a, b')).toEqual({
      value: ['a', 'b'],
    });
    expect(readFieldAnswer({ type: 'string', enum: ['apple'] }, 'apple')).toEqual({ value: 'apple' });
  });

  it('says what is wrong instead of guessing', () => {
    expect(readFieldAnswer({ type: 'integer', maximum: 12 }, 'twelve')).toEqual({ problem: 'must be a whole number' });
    expect(readFieldAnswer({ type: 'integer', maximum: 12 }, '13')).toEqual({ problem: 'must be at most 12' });
    expect(readFieldAnswer({ type: 'boolean' }, 'maybe')).toEqual({ problem: 'answer yes or no' });
  });
});
