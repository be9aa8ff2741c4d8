// Reading an elicitation schema into form fields and a filled form back into content, in Node.

import { type ElicitationSchema, findContentProblems } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { formContent, formFields } from './page/elicitation-form.js';

const fillingForm = {
  type: 'object',
  properties: {
    filling: { type: 'string', title: 'Filling', enum: ['apple', 'cherry', 'lemon curd', 'chocolate'] },
    servings: { type: 'integer', title: 'Servings', minimum: 1, maximum: 12 },
    vegan: { type: 'boolean', title: 'Vegan', default: false },
    toppings: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'cream', title: 'Whipped cream' },
          { const: 'nuts', title: 'Nuts' },
        ],
      },
    },
    note: { type: 'string', description: 'Anything else?' },
  },
  required: ['filling', 'servings'],
};

describe('elicitation form', () => {
  it('draws a field for each property, with choices, limits and required marks', () => {
    const fields = formFields(fillingForm);
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['filling', 'choice', true],
      ['servings', 'integer', true],
      ['vegan', 'boolean', false],
      ['toppings', 'choices', false],
      ['note', 'text', false],
    ]);
    expect(fields[0]?.options.map((option) => option.value)).toEqual(['apple', 'cherry', 'lemon curd', 'chocolate']);
    expect(fields[1]).toMatchObject({ label: 'Servings', minimum: 1, maximum: 12 });
    expect(fields[3]?.options).toEqual([
      { value: 'cream', label: 'Whipped cream' },
      { value: 'nuts', label: 'Nuts' },
    ]);
    expect(fields[4]).toMatchObject({ label: 'note', description: 'Anything else?' });
  });

  it('turns what was typed into content the host accepts', () => {
    const read = formContent(formFields(fillingForm), {
      filling: 'cherry',
      servings: ' 4 ',
      vegan: true,
      toppings: ['nuts'],
      note: '',
    });
    expect(read).toEqual({ content: { filling: 'cherry', servings: 4, vegan: true, toppings: ['nuts'] } });
    if ('content' in read) expect(findContentProblems(fillingForm as ElicitationSchema, read.content)).toEqual([]);
  });

  it('names a required field left empty and a number that is not one', () => {
    expect(formContent(formFields(fillingForm), { filling: '', servings: 'lots' })).toEqual({
      problems: ['Filling is required.', 'Servings must be a number.'],
    });
  });
});
