// Arguments typed at the command line, read against a tool's input schema before anything is sent.

import { describe, expect, it } from 'vitest';
import { readToolArguments, summariseArguments } from './tool-arguments.js';

const rollDice = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    sides: { type: 'integer' },
    label: { type: 'string' },
    loud: { type: 'boolean' },
  },
  required: ['count'],
};

describe('readToolArguments', () => {
  it('types k=v pairs from the schema and merges them over --args', () => {
    expect(readToolArguments(rollDice, ['count=3', 'label=007', 'loud=true'], '{"sides": 8, "count": 1}')).toEqual({
      ok: true,
      input: { count: 3, sides: 8, label: '007', loud: true },
    });
  });

  it('names a value of the wrong type, an unknown argument and a missing one', () => {
    expect(readToolArguments(rollDice, ['count=three'], undefined)).toEqual({
      ok: false,
      message: 'count=three: "three" is not a whole number',
    });
    expect(readToolArguments(rollDice, ['count=2', 'colour=red'], undefined)).toEqual({
      ok: false,
      message: 'unknown argument "colour"; its arguments are count, sides, label, loud',
    });
    expect(readToolArguments(rollDice, [], '{"sides": 6}')).toEqual({
      ok: false,
      message: 'missing required argument "count"; its arguments are count, sides, label, loud',
    });
    expect(readToolArguments(rollDice, [], '[1]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('JSON object'),
    });
  });

  it('summarises a schema for a listing, required arguments starred', () => {
    expect(summariseArguments(rollDice)).toBe('count: integer*, sides: integer, label: string, loud: boolean');
  });

  it('refuses a value outside an enum before sending, naming the allowed values with their titles', () => {
    const bake = {
      type: 'object',
      properties: {
        size: { type: 'string', enum: ['small', 'large'] },
        crust: {
          type: 'string',
          oneOf: [
            { const: 'shortcrust', title: 'Short crust' },
            { const: 'puff', title: 'Puff pastry' },
          ],
        },
        toppings: { type: 'array', items: { type: 'string', enum: ['nuts', 'sugar'] } },
      },
    };
    expect(readToolArguments(bake, ['size=medium'], undefined)).toEqual({
      ok: false,
      message: 'size=medium: medium is not one of the allowed values: small, large',
    });
    expect(readToolArguments(bake, ['crust=flaky'], undefined)).toEqual({
      ok: false,
      message: 'crust=flaky: flaky is not one of the allowed values: shortcrust "Short crust", puff "Puff pastry"',
    });
    expect(readToolArguments(bake, [], '{"toppings": ["nuts", "salt"]}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('salt is not one of the allowed values: nuts, sugar'),
    });
    expect(readToolArguments(bake, ['size=large', 'crust=puff', 'toppings=["sugar"]'], undefined)).toEqual({
      ok: true,
      input: { size: 'large', crust: 'puff', toppings: ['sugar'] },
    });
  });

  it('shows enums, titled choices and defaults in a listing', () => {
    expect(
      summariseArguments({
        type: 'object',
        properties: {
          count: { type: 'integer', default: 1 },
          size: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'], default: 's' },
          toppings: { type: 'array', items: { type: 'string', enum: ['nuts', 'sugar'] } },
        },
        required: ['size'],
      }),
    ).toBe('count: integer = 1, size: s "Small"|l "Large"* = s, toppings: [nuts|sugar]');
  });
});
