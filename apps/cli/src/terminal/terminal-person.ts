// Who answers the questions of a terminal run: a person at an interactive terminal (approvals and
// sampling unless --yes / --no decide; forms unless --no), or nobody. App side, on the host's
// Person seam; the policy puts --yes / --no over it (config/auto-person.ts).

import { DEFAULT_APPROVAL_TIMEOUT_MS, DEFAULT_CALL_TIMEOUT_MS, type Person, withDefined } from '@kitchen/host';
import type { KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenSettings } from '@kitchen/runtime/kitchen-settings';
import type { HeldOutput } from './held-output.js';
import { createTerminalApprover } from './terminal-approver.js';
import { createTerminalElicitationAsker } from './terminal-elicitation.js';
import { createTerminalLinkAsker } from './terminal-link.js';
import { createTerminalPrompt } from './terminal-prompt.js';

export interface TerminalPerson {
  /** The person at the terminal; undefined when nobody is asked (no terminal, or --no). */
  person?: Person;
  /** True when a question may wait for a person, so a tool call must wait as long as they may take. */
  present: boolean;
  /** True when approval prompts are printed where the run's events go: the prompt then stands for the approval-request line. */
  promptsInline: boolean;
}

export interface TerminalPersonOptions {
  flags: KitchenSettings;
  output: KitchenOutput;
  /** The run's event output, held while a question is open. */
  held: HeldOutput;
  color: boolean;
  treeTokens?: () => { left: number; max: number };
}

export function createTerminalPerson(options: TerminalPersonOptions): TerminalPerson {
  const { flags, output } = options;
  const stdin = output.stdin;
  const asksApprovals = flags.approval === undefined && stdin?.isTTY === true;
  // --yes settles approvals, but a form still needs someone to fill it in.
  const asksForms = flags.approval !== 'no' && stdin?.isTTY === true;
  if (stdin === undefined || (!asksApprovals && !asksForms)) return { present: false, promptsInline: false };
  // Questions go to the terminal the person looks at; with --json (or stdout redirected) that is stderr.
  const questions = !flags.json && output.stdout.isTTY === true ? output.stdout : output.stderr;
  const prompt = createTerminalPrompt({ input: stdin, output: questions, held: options.held });
  const color =
    options.color || (questions === output.stderr && questions.isTTY === true && !output.environment['NO_COLOR']);
  return {
    person: {
      approve: createTerminalApprover({
        prompt,
        color,
        timeoutMs: flags.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
        ...withDefined({ treeTokens: options.treeTokens }),
      }),
      fillIn: createTerminalElicitationAsker({ prompt, color }),
      followLink: createTerminalLinkAsker({ prompt, color }),
    },
    present: true,
    promptsInline: asksApprovals && questions === output.stdout,
  };
}

/**
 * How long a remote tool call may go without an answer or progress. A server waiting on a person
 * (its sampling request needs approval, its form needs filling in) sends neither, so while a
 * person may answer, a call must outlast their time to answer; otherwise the usual 60 s.
 */
export function toolCallTimeoutMs(person: Pick<TerminalPerson, 'present'>, approvalTimeoutMs: number): number {
  return person.present ? DEFAULT_CALL_TIMEOUT_MS + approvalTimeoutMs : DEFAULT_CALL_TIMEOUT_MS;
}
