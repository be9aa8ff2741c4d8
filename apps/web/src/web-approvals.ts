// The approval questions waiting for the person at the web page, with "always for this tool" as
// the terminal offers it: one answer approves this question, the ones like it already waiting
// (thirteen discards from three workers) and every later one of the run. App side, over the
// host's createPendingApprovals.

import { type ApprovalQuestion, createPendingApprovals, type Person } from '@kitchen/host';

export const ALWAYS_REASON = 'approved for the rest of the run on the web page ("always")';

export interface WebApprovals {
  readonly approve: Person['approve'];
  /** False when no such question is waiting. `always`: approve this server's tool (or its sampling) for the rest of the run. */
  answer(requestId: string, approved: boolean, options?: { reason?: string; always?: boolean }): boolean;
  pending(): ApprovalQuestion[];
  /** A new run starts with no "always" answers. */
  forgetAlways(): void;
}

/** The key "always" remembers: a server's tool, or a server's sampling requests. */
export function alwaysKey(question: ApprovalQuestion): string {
  return `${question.server}\u0000${question.kind === 'tool-call' ? question.tool : 'sampling'}`;
}

export function createWebApprovals(): WebApprovals {
  const pending = createPendingApprovals();
  const always = new Set<string>();
  return {
    approve(question, signal) {
      const answer = pending.approve(question, signal);
      if (always.has(alwaysKey(question))) pending.answer(question.requestId, true, ALWAYS_REASON);
      return answer;
    },
    answer(requestId, approved, options = {}) {
      const question = pending.pending().find((waiting) => waiting.requestId === requestId);
      if (question === undefined) return false;
      if (!(approved && options.always === true)) return pending.answer(requestId, approved, options.reason);
      const key = alwaysKey(question);
      always.add(key);
      for (const waiting of pending.pending())
        if (alwaysKey(waiting) === key) pending.answer(waiting.requestId, true, ALWAYS_REASON);
      return true;
    },
    pending: () => pending.pending(),
    forgetAlways: () => always.clear(),
  };
}
