import { describe, expect, it } from 'vitest';
import type { ApprovalQuestion } from '../person.js';
import { createPendingApprovals } from './pending-approvals.js';

function question(requestId: string): ApprovalQuestion {
  return {
    kind: 'tool-call',
    requestId,
    agent: { id: 'main', name: 'main', depth: 0 },
    callId: `call-for-${requestId}`,
    tool: 'discard_jar',
    server: 'cookie-jars',
    input: { id: 17 },
    reason: 'discard_jar on cookie-jars is marked destructive.',
  };
}

const neverAborted = new AbortController().signal;

describe('createPendingApprovals', () => {
  it('holds each question until it is answered and passes the answer and reason through', async () => {
    const approvals = createPendingApprovals();
    const answer = approvals.approve(question('a'), neverAborted);
    expect(approvals.pending()).toEqual([question('a')]);
    expect(approvals.answer('a', false, 'not that jar')).toBe(true);
    await expect(answer).resolves.toEqual({ approved: false, reason: 'not that jar' });
    expect(approvals.pending()).toEqual([]);
  });

  it('lists waiting questions oldest first and answers them in any order', async () => {
    const approvals = createPendingApprovals();
    const first = approvals.approve(question('a'), neverAborted);
    const second = approvals.approve(question('b'), neverAborted);
    expect(approvals.pending().map((waiting) => waiting.requestId)).toEqual(['a', 'b']);
    approvals.answer('b', true);
    await expect(second).resolves.toEqual({ approved: true });
    expect(approvals.pending().map((waiting) => waiting.requestId)).toEqual(['a']);
    approvals.answer('a', true);
    await expect(first).resolves.toEqual({ approved: true });
  });

  it('returns false for an unknown or already answered request id', () => {
    const approvals = createPendingApprovals();
    expect(approvals.answer('nobody', true)).toBe(false);
    void approvals.approve(question('a'), neverAborted);
    expect(approvals.answer('a', true)).toBe(true);
    expect(approvals.answer('a', false)).toBe(false);
  });

  it('withdraws a question when its signal aborts, so a late answer reaches nobody', async () => {
    const approvals = createPendingApprovals();
    const controller = new AbortController();
    const answer = approvals.approve(question('a'), controller.signal);
    controller.abort();
    await expect(answer).resolves.toEqual({ approved: false, reason: 'the question was withdrawn' });
    expect(approvals.pending()).toEqual([]);
    expect(approvals.answer('a', true)).toBe(false);
  });

  it('refuses a second question with an id that is already waiting, leaving the first one alone', async () => {
    const approvals = createPendingApprovals();
    const first = approvals.approve(question('a'), neverAborted);
    await expect(approvals.approve(question('a'), neverAborted)).resolves.toEqual({
      approved: false,
      reason: 'a question with id a is already waiting',
    });
    expect(approvals.pending()).toHaveLength(1);
    approvals.answer('a', true);
    await expect(first).resolves.toEqual({ approved: true });
  });
});
