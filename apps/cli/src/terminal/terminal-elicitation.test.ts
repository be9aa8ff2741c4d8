// A server's form at the terminal, through the host's elicitation handler: accept with checked
// fields, a default taken with Enter, decline with Enter on a first field without a default or with
// "decline", cancel with "cancel" or Ctrl-D.

import { createElicitationHandler, type ElicitationQuestion } from '@kitchen/host';
import { createRecordingContext } from '@kitchen/host/testing';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createFakeTerminal } from '../../test/fake-terminal.js';
import { createTerminalElicitationAsker, describeForm } from './terminal-elicitation.js';
import { createTerminalPrompt } from './terminal-prompt.js';

const fillingForm = {
  mode: 'form',
  message: 'Which filling should the pastry chef use, and for how many people?',
  requestedSchema: {
    type: 'object',
    properties: {
      filling: { type: 'string', title: 'Filling', enum: ['apple', 'cherry', 'lemon curd', 'chocolate'] },
      servings: { type: 'integer', title: 'Servings', minimum: 1, maximum: 12 },
      note: { type: 'string', description: 'anything the chef should know' },
    },
    required: ['filling', 'servings'],
  },
} satisfies ElicitRequest['params'];

function setUp() {
  const terminal = createFakeTerminal();
  const prompt = createTerminalPrompt({ input: terminal.input, output: terminal.output });
  const handler = createElicitationHandler({
    person: { fillIn: createTerminalElicitationAsker({ prompt, color: false }) },
  });
  const ask = () => handler('pastry-chef', fillingForm, createRecordingContext().context, new AbortController().signal);
  return { terminal, ask };
}

describe('the terminal form', () => {
  it('reads each field, takes a choice by its number, asks again for a value that does not fit, and accepts', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('filling: ', '3');
    await terminal.answer('servings: ', '13');
    await terminal.answer('servings: ', '4', 2);
    await terminal.answer('note: ', '');
    expect(await answered).toEqual({ action: 'accept', content: { filling: 'lemon curd', servings: 4 } });
    expect(terminal.text()).toContain('   servings: must be at most 12; try again, or cancel.');
  });

  it('declines on Enter at the first field', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('filling: ', '');
    expect(await answered).toEqual({ action: 'decline' });
  });

  it('takes each field’s default on Enter, the first field’s too, with the default shown in the prompt', async () => {
    const terminal = createFakeTerminal();
    const prompt = createTerminalPrompt({ input: terminal.input, output: terminal.output });
    const handler = createElicitationHandler({
      person: { fillIn: createTerminalElicitationAsker({ prompt, color: false }) },
    });
    const answered = handler(
      'cookie-jars',
      {
        mode: 'form',
        message: 'Which shelf should be audited?',
        requestedSchema: {
          type: 'object',
          properties: {
            shelf: { type: 'string', enum: ['A', 'B', 'C'], default: 'B' },
            jars: { type: 'integer', minimum: 1, maximum: 80, default: 20 },
            strict: { type: 'boolean', default: true },
          },
          required: ['shelf'],
        },
      },
      createRecordingContext().context,
      new AbortController().signal,
    );
    await terminal.answer('shelf [B]: ', '');
    await terminal.answer('jars [20]: ', '');
    await terminal.answer('strict [yes]: ', '');
    expect(await answered).toEqual({ action: 'accept', content: { shelf: 'B', jars: 20, strict: true } });
  });

  it('declines when the person types decline at any field', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('filling: ', 'apple');
    await terminal.answer('servings: ', 'decline');
    expect(await answered).toEqual({ action: 'decline' });
  });

  it('does not let a required field be skipped after the first', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('filling: ', 'apple');
    await terminal.answer('servings: ', '');
    await terminal.answer('servings is required', 'cancel');
    expect(await answered).toEqual({ action: 'cancel' });
  });

  it('cancels on Ctrl-D', async () => {
    const { terminal, ask } = setUp();
    const answered = ask();
    await terminal.answer('filling: ', 'cherry');
    await new Promise((resolve) => setTimeout(resolve, 10));
    terminal.close();
    expect(await answered).toEqual({ action: 'cancel' });
  });

  it('shows the question, each field with what it takes, and how to decline or cancel', () => {
    const question: ElicitationQuestion = {
      requestId: 'e1',
      agent: { id: 'main', name: 'main', depth: 0 },
      server: 'pastry-chef',
      message: fillingForm.message,
      schema: fillingForm.requestedSchema,
      attempt: 1,
    };
    expect(describeForm(question, false)).toEqual([
      '❓ pastry-chef asks: Which filling should the pastry chef use, and for how many people?',
      '   filling: one of 1) apple 2) cherry 3) lemon curd 4) chocolate, required',
      '   servings: whole number from 1 to 12, required',
      '   note: text, optional — anything the chef should know',
      '   Enter takes the default shown in [brackets]; Enter on a first field without one, or decline, declines; type cancel or press Ctrl-D to cancel.',
    ]);
  });

  it('shows enum titles beside the values and takes a choice by number or title, several for a multi-select', async () => {
    const terminal = createFakeTerminal();
    const prompt = createTerminalPrompt({ input: terminal.input, output: terminal.output });
    const handler = createElicitationHandler({
      person: { fillIn: createTerminalElicitationAsker({ prompt, color: false }) },
    });
    const answered = handler(
      'pastry-chef',
      {
        mode: 'form',
        message: 'How should it look?',
        requestedSchema: {
          type: 'object',
          properties: {
            crust: {
              type: 'string',
              oneOf: [
                { const: 'short', title: 'Short crust' },
                { const: 'puff', title: 'Puff pastry' },
              ],
            },
            glaze: { type: 'string', enum: ['egg', 'milk'], enumNames: ['Egg wash', 'Milk'] },
            toppings: {
              type: 'array',
              items: {
                anyOf: [
                  { const: 'nuts', title: 'Nuts' },
                  { const: 'sugar', title: 'Pearl sugar' },
                  { const: 'zest', title: 'Lemon zest' },
                ],
              },
            },
          },
          required: ['crust', 'glaze'],
        },
      } as ElicitRequest['params'],
      createRecordingContext().context,
      new AbortController().signal,
    );
    await terminal.answer('crust: ', '2');
    await terminal.answer('glaze: ', 'egg wash');
    await terminal.answer('toppings: ', '1, 3');
    expect(await answered).toEqual({
      action: 'accept',
      content: { crust: 'puff', glaze: 'egg', toppings: ['nuts', 'zest'] },
    });
    expect(terminal.text()).toContain('crust: one of 1) short "Short crust" 2) puff "Puff pastry", required');
    expect(terminal.text()).toContain('glaze: one of 1) egg "Egg wash" 2) milk "Milk", required');
    expect(terminal.text()).toContain(
      'toppings: one or more of 1) nuts "Nuts" 2) sugar "Pearl sugar" 3) zest "Lemon zest"',
    );
  });
});
