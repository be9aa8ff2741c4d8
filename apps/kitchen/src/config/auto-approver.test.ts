import type { ApprovalQuestion } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { autoApprover } from './auto-approver.js';

const question: ApprovalQuestion = {
  requestId: 'approval-1',
  agent: { id: 'main', name: 'main', depth: 0 },
  callId: 'call-1',
  tool: 'discard_jar',
  server: 'cookie-jars',
  input: { id: 17 },
  reason: 'discard_jar on cookie-jars is marked destructive.',
};

describe('autoApprover', () => {
  it('approves everything for --yes and refuses everything for --no, saying why', async () => {
    const signal = new AbortController().signal;
    await expect(autoApprover(true)(question, signal)).resolves.toEqual({
      approved: true,
      reason: 'approved by --yes',
    });
    await expect(autoApprover(false)(question, signal)).resolves.toEqual({
      approved: false,
      reason: 'the run was started with --no, which refuses every call that needs approval',
    });
  });
});
