import { describe, expect, it } from 'vitest';
import { RECORDS_2025, RECORDS_2026 } from './wire-fixtures.js';
import { wireSteps } from './wire-steps.js';

/** "step kind what" for each record, what being the method, the status or the message's key. */
function summary(records: Parameters<typeof wireSteps>[0]): string[] {
  return wireSteps(records).map(({ step, record }) => {
    if (record.kind === 'request')
      return `${step} → ${record.method} ${(record.body as { method?: string })?.method ?? ''}`.trim();
    if (record.kind === 'response') return `${step} ← ${record.status}`;
    const data = record.data as Record<string, unknown>;
    return `${step} ⇠ ${typeof data['method'] === 'string' ? data['method'] : 'result'}`;
  });
}

describe('wireSteps', () => {
  it('puts a 2025-11-25 session into steps: the pushed question in ask, its POSTed answer in answer, the call result after', () => {
    expect(summary(RECORDS_2025)).toEqual([
      'open → POST initialize',
      'open ← 200',
      'open ⇠ result',
      'open → POST notifications/initialized',
      'open ← 202',
      'open → GET',
      'list → POST tools/list',
      'open ← 200',
      'list ← 200',
      'list ⇠ result',
      'other → POST prompts/list',
      'other ← 200',
      'other ⇠ result',
      'call → POST tools/call',
      'call ← 200',
      'call ⇠ notifications/progress',
      'ask ⇠ sampling/createMessage',
      'answer → POST',
      'answer ← 202',
      'result ⇠ result',
      'close → DELETE',
      'close ← 200',
    ]);
  });

  it('puts a 2026-07-28 call into the same steps: input_required is the ask, the retry the answer', () => {
    expect(summary(RECORDS_2026)).toEqual([
      'open → POST server/discover',
      'open ← 200',
      'list → POST tools/list',
      'list ← 200',
      'call → POST tools/call',
      'ask ← 200',
      'answer → POST tools/call',
      'result ← 200',
    ]);
  });

  it('calls a second input_required after a retry an ask again', () => {
    const again = RECORDS_2026.map((record) =>
      record.kind === 'response' && record.exchange === 4
        ? { ...record, body: { result: { resultType: 'input_required', inputRequests: {} }, jsonrpc: '2.0', id: 2 } }
        : record,
    );
    expect(summary(again).slice(-2)).toEqual(['answer → POST tools/call', 'ask ← 200']);
  });
});
