// askApprover(): puts one question to the Gate's kind of approver and always settles — with the
// answer, or with a denial when it fails, times out or the request goes away. Host side.

import { type ApprovalQuestion, type Approver, formatDuration } from '../gate.js';
import { givenReason, waitForAnswer } from './wait-for-answer.js';

export type ApproverOutcome = { approved: true; reason?: string } | { approved: false; reason: string };

export async function askApprover(
  approver: Approver,
  question: ApprovalQuestion,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<ApproverOutcome> {
  const what = `${question.tool} from ${question.server}`;
  const outcome = await waitForAnswer(approver, question, options);
  switch (outcome.kind) {
    case 'answer': {
      const given = givenReason(outcome.answer);
      // Only a literal `true` approves: a malformed answer must not open the purse.
      if (outcome.answer?.approved === true)
        return given === undefined ? { approved: true } : { approved: true, reason: given };
      return { approved: false, reason: `The user declined ${what}${given === undefined ? '.' : `: ${given}`}` };
    }
    case 'failed':
      return {
        approved: false,
        reason: `Asking the user about ${what} failed (${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}); treated as a no.`,
      };
    case 'timeout':
      return {
        approved: false,
        reason: `Nobody answered the request for ${what} within ${formatDuration(options.timeoutMs)}; treated as a no.`,
      };
    case 'stopped':
      return { approved: false, reason: `The request for ${what} was withdrawn before anyone answered.` };
  }
}
