// A scripted Person for tests and demos: answers approvals with a rule and forms from a list, and
// keeps every question it was asked. Host side; a real implementation of the seam, not a mock.

import type {
  ApprovalAnswer,
  ApprovalQuestion,
  ElicitationAnswer,
  ElicitationQuestion,
  LinkAnswer,
  LinkQuestion,
  Person,
} from '../person.js';

export interface ScriptedPerson extends Person {
  readonly approvals: ApprovalQuestion[];
  readonly forms: ElicitationQuestion[];
  readonly links: LinkQuestion[];
}

export function scriptedPerson(script: {
  /** How to answer each approval; default: no. */
  approve?: (question: ApprovalQuestion) => ApprovalAnswer;
  /** Answers to forms, in order; a form past the end of the list throws. */
  forms?: ElicitationAnswer[];
  /** Answers to links (URL-mode elicitation), in order; without a list the person cannot open links. */
  links?: LinkAnswer[];
}): ScriptedPerson {
  const remaining = [...(script.forms ?? [])];
  const linkAnswers = script.links === undefined ? undefined : [...script.links];
  const approvals: ApprovalQuestion[] = [];
  const forms: ElicitationQuestion[] = [];
  const links: LinkQuestion[] = [];
  return {
    approvals,
    forms,
    links,
    ...(linkAnswers === undefined
      ? {}
      : {
          async followLink(question: LinkQuestion): Promise<LinkAnswer> {
            links.push(question);
            const next = linkAnswers.shift();
            if (next === undefined) throw new Error(`scriptedPerson has no answer left for link ${question.url}`);
            return next;
          },
        }),
    async approve(question) {
      approvals.push(question);
      return script.approve?.(question) ?? { approved: false, reason: 'the script says no' };
    },
    async fillIn(question) {
      forms.push(question);
      const next = remaining.shift();
      if (next === undefined)
        throw new Error(`scriptedPerson has no answer left for form ${forms.length} ("${question.message}")`);
      return next;
    },
  };
}
