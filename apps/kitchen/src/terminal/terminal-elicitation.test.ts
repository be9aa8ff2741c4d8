// A server's form at the terminal, through the host's elicitation handler: accept with checked
// fields, decline with Enter on the first field, cancel with "cancel" or Ctrl-D.

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
      '   Press Enter on the first field to decline; type cancel or press Ctrl-D to cancel.',
    ]);
  });
});
