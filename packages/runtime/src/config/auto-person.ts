// The person behind --yes and --no: every approval gets the same answer, with a reason that names
// the flag, so the events and the model say why; nobody fills in forms. Runtime side, on the host's
// Person seam.

import type { ApprovalAnswer, Person } from '@kitchen/host';

/**
 * `autoPerson(true)` for --yes, `autoPerson(false)` for --no. Forms are declined either way, and
 * links (URL-mode elicitation) too: it has no followLink, since nobody is there to open a browser.
 */
export function autoPerson(approve: boolean): Person {
  const answer: ApprovalAnswer = approve
    ? { approved: true, reason: 'approved by --yes' }
    : { approved: false, reason: 'the run was started with --no, which refuses every call that needs approval' };
  return {
    approve: async () => ({ ...answer }),
    fillIn: async () => ({ action: 'decline' }),
  };
}

/**
 * The person a run asks: --yes / --no answer approvals for everyone, and --no declines forms too;
 * otherwise the person at the terminal or the page (if any) answers everything.
 */
export function runPerson(approval: 'yes' | 'no' | undefined, present: Person | undefined): Person | undefined {
  if (approval === undefined) return present;
  const auto = autoPerson(approval === 'yes');
  // --yes settles approvals, but a form still needs someone to fill it in. A link is declined
  // under --yes or --no alike: an unattended run opens no browser.
  return { approve: auto.approve, fillIn: approval === 'yes' && present !== undefined ? present.fillIn : auto.fillIn };
}
