import type { LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { createEventWriter } from './event-writer.js';

const request: LoopEvent = {
  type: 'approval-request',
  agent: 'main',
  at: 0,
  requestId: 'approval-1',
  callId: 'toolu_1',
  tool: 'discard_jar',
  server: 'cookie-jars',
  input: { id: 3 },
  reason: 'discard_jar on cookie-jars is marked destructive.',
};
const text: LoopEvent = { type: 'text', agent: 'main', at: 0, text: 'Discarding jar 3.' };

function written(options: { json: boolean; shownElsewhere?: ReadonlySet<LoopEvent['type']> }): string {
  let output = '';
  const write = createEventWriter({
    ...options,
    color: false,
    stdout: { write: (chunk: string) => (output += chunk) },
  });
  write(request);
  write(text);
  return output;
}

describe('createEventWriter', () => {
  it('prints one JSON object a line with --json, every event included', () => {
    const lines = written({ json: true, shownElsewhere: new Set(['approval-request']) })
      .trimEnd()
      .split('\n');
    expect(lines.map((line) => (JSON.parse(line) as LoopEvent).type)).toEqual(['approval-request', 'text']);
  });

  it('renders an approval request as a line when no prompt shows it', () => {
    expect(written({ json: false })).toContain('✋ approval needed: cookie-jars.discard_jar {"id":3}');
  });

  it('leaves out the approval request line when an interactive prompt already shows it', () => {
    const output = written({ json: false, shownElsewhere: new Set(['approval-request']) });
    expect(output).not.toContain('approval needed');
    expect(output).toContain('Discarding jar 3.');
  });
});
