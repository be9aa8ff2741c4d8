// The approver behind --yes and --no: every question gets the same answer, with a reason that
// names the flag, so the events and the model say why. App side.

import type { ApprovalAnswer, Approver } from '@kitchen/host';

/** `autoApprover(true)` for --yes, `autoApprover(false)` for --no. */
export function autoApprover(approve: boolean): Approver {
  const answer: ApprovalAnswer = approve
    ? { approved: true, reason: 'approved by --yes' }
    : { approved: false, reason: 'the run was started with --no, which refuses every call that needs approval' };
  return async () => ({ ...answer });
}
