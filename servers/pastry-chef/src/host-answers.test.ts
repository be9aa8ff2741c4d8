// Reading the host's answers from a retried call: the values come from the client, so anything
// that is not the kind of answer the chef asked for reads as missing (and is asked again).

import { describe, expect, it } from 'vitest';
import { readCritiqueAnswer, readFillingAnswer } from './host-answers.js';

describe('readCritiqueAnswer', () => {
  it('reads a text answer with its model and stop reason', () => {
    const responses = {
      critique: {
        role: 'assistant',
        model: 'm',
        stopReason: 'endTurn',
        content: { type: 'text', text: 'VERDICT: bake' },
      },
    };
    expect(readCritiqueAnswer(responses, 'critique')).toEqual({
      kind: 'text',
      text: 'VERDICT: bake',
      model: 'm',
      stopReason: 'endTurn',
    });
  });

  it('takes the first block of a several-block answer and names a stop reason that is missing', () => {
    const responses = {
      critique: { role: 'assistant', model: 'm', content: [{ type: 'text', text: 'VERDICT: adjust' }] },
    };
    expect(readCritiqueAnswer(responses, 'critique')).toMatchObject({ kind: 'text', stopReason: 'unknown' });
  });

  it('says which content came instead of text', () => {
    const responses = {
      critique: { role: 'assistant', model: 'm', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
    };
    expect(readCritiqueAnswer(responses, 'critique')).toEqual({ kind: 'not text', contentType: 'image' });
  });

  it('reads no answer, another key, a form answer or garbage as missing', () => {
    expect(readCritiqueAnswer(undefined, 'critique')).toEqual({ kind: 'missing' });
    expect(
      readCritiqueAnswer({ other: { role: 'assistant', content: { type: 'text', text: 'x' } } }, 'critique'),
    ).toEqual({
      kind: 'missing',
    });
    expect(readCritiqueAnswer({ critique: { action: 'accept', content: {} } }, 'critique')).toEqual({
      kind: 'missing',
    });
    expect(readCritiqueAnswer({ critique: 'VERDICT: bake' }, 'critique')).toEqual({ kind: 'missing' });
  });
});

describe('readFillingAnswer', () => {
  it('tells accept, decline and cancel apart, passing accepted content on unchecked', () => {
    expect(readFillingAnswer({ filling: { action: 'accept', content: { filling: 'anchovy' } } }, 'filling')).toEqual({
      action: 'accept',
      content: { filling: 'anchovy' },
    });
    expect(readFillingAnswer({ filling: { action: 'decline' } }, 'filling')).toEqual({ action: 'decline' });
    expect(readFillingAnswer({ filling: { action: 'cancel' } }, 'filling')).toEqual({ action: 'cancel' });
  });

  it('reads a model answer or garbage in place of the form as missing', () => {
    expect(
      readFillingAnswer({ filling: { role: 'assistant', content: { type: 'text', text: 'apple' } } }, 'filling'),
    ).toEqual({ action: 'missing' });
    expect(readFillingAnswer({ filling: { action: 'maybe' } }, 'filling')).toEqual({ action: 'missing' });
    expect(readFillingAnswer(undefined, 'filling')).toEqual({ action: 'missing' });
  });
});
