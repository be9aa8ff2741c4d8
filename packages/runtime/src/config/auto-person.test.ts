import type { ApprovalQuestion, ElicitationQuestion, Person } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { autoPerson, runPerson } from './auto-person.js';

const agent = { id: 'main', name: 'main', depth: 0 };
const question: ApprovalQuestion = {
  kind: 'tool-call',
  requestId: 'approval-1',
  agent,
  callId: 'call-1',
  tool: 'discard_jar',
  server: 'cookie-jars',
  input: { id: 17 },
  reason: 'discard_jar on cookie-jars is marked destructive.',
};
const form: ElicitationQuestion = {
  requestId: 'elicitation-1',
  agent,
  server: 'pastry-chef',
  message: 'Which filling?',
  schema: { type: 'object', properties: {} },
  attempt: 1,
};
const signal = new AbortController().signal;

describe('autoPerson', () => {
  it('approves everything for --yes and refuses everything for --no, saying why, and fills in no form', async () => {
    await expect(autoPerson(true).approve(question, signal)).resolves.toEqual({
      approved: true,
      reason: 'approved by --yes',
    });
    await expect(autoPerson(false).approve(question, signal)).resolves.toEqual({
      approved: false,
      reason: 'the run was started with --no, which refuses every call that needs approval',
    });
    await expect(autoPerson(true).fillIn(form, signal)).resolves.toEqual({ action: 'decline' });
  });
});

describe('runPerson', () => {
  const atTheTerminal: Person = {
    approve: async () => ({ approved: false, reason: 'the person said no' }),
    fillIn: async () => ({ action: 'accept', content: {} }),
  };

  it('lets --yes answer approvals and the person present fill in forms; --no answers both', async () => {
    const yes = runPerson('yes', atTheTerminal);
    await expect(yes?.approve(question, signal)).resolves.toMatchObject({ approved: true });
    await expect(yes?.fillIn(form, signal)).resolves.toEqual({ action: 'accept', content: {} });
    const no = runPerson('no', atTheTerminal);
    await expect(no?.approve(question, signal)).resolves.toMatchObject({ approved: false });
    await expect(no?.fillIn(form, signal)).resolves.toEqual({ action: 'decline' });
  });

  it('asks the person present without a flag, and nobody when nobody is there', () => {
    expect(runPerson(undefined, atTheTerminal)).toBe(atTheTerminal);
    expect(runPerson(undefined, undefined)).toBeUndefined();
  });
});
