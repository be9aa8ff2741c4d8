// What a person can do about a stop, a refusal or a model failure, in the kitchen CLI's words.
// App side: the host reports which limit, rule or error it was as data; this file turns that into
// advice that names the CLI's flags.

import type { ApprovalResponseEvent, ErrorReport, LimitReached } from '@kitchen/host';

/** The flag each of the host's limits comes from. */
export const LIMIT_FLAGS: Readonly<Record<LimitReached['limit'], string>> = Object.freeze({
  maxIterations: '--max-iterations',
  maxToolCalls: '--max-tool-calls',
  maxWallTimeMs: '--max-wall-time',
  maxTreeTokens: '--max-tree-tokens',
});

const OFFLINE = 'Or run with --model offline.';

/** Advice per model error code; codes without advice get none. */
const MODEL_ERROR_ADVICE: Readonly<Record<string, string>> = Object.freeze({
  'model-timeout': OFFLINE,
  'model-unreachable': OFFLINE,
  'model-authentication': OFFLINE,
  'model-overloaded': OFFLINE,
  'model-server-error': OFFLINE,
  'model-permission': 'Choose another with --model-name.',
  'model-not-found': 'Set it with --model-name or KITCHEN_MODEL.',
});

/** "Raise --max-tool-calls to go further." */
export function limitAdvice(limit: LimitReached): string {
  return `Raise ${LIMIT_FLAGS[limit.limit]} to go further.`;
}

/** What to try after a run that failed, when the error's code has advice. */
export function errorAdvice(error: ErrorReport): string | undefined {
  return MODEL_ERROR_ADVICE[error.code];
}

/** The advice that closes a stopped run's detail line, if any. */
export function stopAdvice(stop: { limit?: LimitReached; error?: ErrorReport }): string | undefined {
  if (stop.limit !== undefined) return limitAdvice(stop.limit);
  if (stop.error !== undefined) return errorAdvice(stop.error);
  return undefined;
}

/** For a call refused because nobody could be asked: how to allow it next time. */
export function approvalAdvice(event: Pick<ApprovalResponseEvent, 'by' | 'server' | 'tool'>): string | undefined {
  if (event.by !== 'nobody') return undefined;
  // A name the toolbox namespaced because two servers clash ("dice__roll") carries its server first.
  const ownName = event.tool.startsWith(`${event.server}__`) ? event.tool.slice(event.server.length + 2) : event.tool;
  return `Allow it with --yes or --rule allow:${event.server}/${ownName}.`;
}
