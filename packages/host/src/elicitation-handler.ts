// createElicitationHandler(): how the host answers a server's elicitation/create. It shows the
// question in the lane that caused it, asks the person (Person.fillIn for a form,
// Person.followLink for a URL-mode link), checks a form's answer against the form and sends back
// accept / decline / cancel. Host side.

import { type ElicitResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from './errors.js';
import type { LoopEventDraft } from './loop-event.js';
import { askAndWait } from './person/ask-and-wait.js';
import {
  type AnsweredBy,
  DEFAULT_APPROVAL_TIMEOUT_MS,
  type ElicitationAnswer,
  type ElicitationQuestion,
  type LinkQuestion,
  type Person,
} from './person.js';
import { MAIN_AGENT } from './tool-types.js';
import { checkElicitationLink } from './wire/elicitation-link.js';
import { findContentProblems } from './wire/elicited-content.js';
import type { ServerRequestHandlers } from './wire/server-requests.js';
import { withDefined } from './with-defined.js';

export interface ElicitationHandlerOptions {
  /** Who fills in the forms and is shown the links. Without one (or without followLink), each is declined. */
  person?: Pick<Person, 'fillIn' | 'followLink'>;
  /** How long one ask waits; nobody answering counts as "cancel". Default 5 minutes. */
  timeoutMs?: number;
  /** How many times an answer that does not fit the form is asked for again. Default 3 asks in all. */
  attempts?: number;
  /** Where events go when a request arrives outside any tool call (no ToolCallContext). */
  emit?: (event: LoopEventDraft) => void;
}

/** The `elicitation` member of the Toolbox's ServerRequestHandlers. */
export type ElicitationHandler = NonNullable<ServerRequestHandlers['elicitation']>;

export function createElicitationHandler(options: ElicitationHandlerOptions): ElicitationHandler {
  const attempts = options.attempts ?? 3;
  const timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
  let requests = 0;

  return async (server, params, context, signal, via = 'push') => {
    const requestId = `elicitation-${++requests}`;
    const agent = context?.agent ?? MAIN_AGENT;
    const emitter = context?.emit ?? options.emit ?? (() => {});
    const lane = {
      agent: agent.id,
      requestId,
      ...withDefined({ callId: context?.callId }),
      server,
      via,
    };
    const respond = (result: ElicitResult, by?: Exclude<AnsweredBy, 'rule'>, reason?: string): ElicitResult => {
      emitter({
        type: 'elicitation-response',
        ...lane,
        action: result.action,
        ...withDefined({ by, content: result.content, reason }),
      });
      return result;
    };
    if (params.mode === 'url') {
      emitter({ type: 'elicitation-request', ...lane, message: params.message, schema: {}, url: params.url });
      const link = checkElicitationLink(params.url);
      if ('problem' in link) return respond({ action: 'decline' }, undefined, `Not shown: ${link.problem}.`);
      const followLink = options.person?.followLink;
      if (followLink === undefined) return respond({ action: 'decline' }, 'nobody');
      const question: LinkQuestion = {
        requestId,
        agent,
        ...withDefined({ callId: context?.callId }),
        server,
        message: params.message,
        url: params.url,
        domain: link.domain,
      };
      const asked = await askAndWait((asking) => followLink(question, asking), { signal, timeoutMs });
      if (asked.by !== 'person') return respond({ action: 'cancel' }, asked.by);
      if ('failed' in asked) {
        respond({ action: 'cancel' });
        throw new McpError(ErrorCode.InternalError, `The host could not ask the user: ${describeError(asked.failed)}`);
      }
      const action = ['accept', 'decline', 'cancel'].includes(asked.answer?.action) ? asked.answer.action : 'decline';
      return respond({ action }, 'person');
    }
    emitter({ type: 'elicitation-request', ...lane, message: params.message, schema: params.requestedSchema });
    const person = options.person;
    if (person === undefined) return respond({ action: 'decline' }, 'nobody');

    let problem: string | undefined;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const question: ElicitationQuestion = {
        requestId,
        agent,
        ...withDefined({ callId: context?.callId }),
        server,
        message: params.message,
        schema: params.requestedSchema,
        attempt,
        ...withDefined({ problem }),
      };
      const asked = await askAndWait((asking) => person.fillIn(question, asking), { signal, timeoutMs });
      if (asked.by !== 'person') return respond({ action: 'cancel' }, asked.by);
      const failure = 'failed' in asked ? describeError(asked.failed) : notAnAnswer(asked.answer);
      if ('failed' in asked || failure !== undefined) {
        respond({ action: 'cancel' });
        throw new McpError(ErrorCode.InternalError, `The host could not ask the user: ${failure}`);
      }
      const { answer } = asked;
      // Only an accept carries content; a decline or cancel never leaks a half-filled form.
      if (answer.action !== 'accept') return respond({ action: answer.action }, 'person');
      const problems = findContentProblems(params.requestedSchema, answer.content);
      if (problems.length === 0) return respond({ action: 'accept', content: answer.content ?? {} }, 'person');
      problem = problems.join(' ');
    }
    respond({ action: 'cancel' }, 'person');
    throw new McpError(
      ErrorCode.InvalidParams,
      `The user's answer to ${server}'s form did not fit it after ${attempts} tries: ${problem}`,
    );
  };
}

/** Undefined for a real answer; otherwise why it is not one. */
function notAnAnswer(answer: ElicitationAnswer): string | undefined {
  return answer !== null && typeof answer === 'object' && ['accept', 'decline', 'cancel'].includes(answer.action)
    ? undefined
    : `the person answered ${JSON.stringify(answer)}, not accept, decline or cancel`;
}
