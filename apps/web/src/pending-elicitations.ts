// Questions servers asked the user (elicitation), waiting for an answer from the web page. App
// side: the host's elicitation handler asks through `fillIn` (Person.fillIn) and `followLink` (a
// URL-mode link); the API answers by request id.

import { type ElicitationAnswer, type ElicitationQuestion, findContentProblems, type Person } from '@kitchen/host';

export type ElicitationReply =
  | { kind: 'answered' }
  | { kind: 'unknown' }
  /** The content does not fit the form; the question stays open. One sentence per field. */
  | { kind: 'does-not-fit'; problems: string[] };

export interface PendingElicitations {
  readonly fillIn: Person['fillIn'];
  /** A link (URL-mode elicitation) waits like a form without fields; the page shows the link beside it. */
  readonly followLink: NonNullable<Person['followLink']>;
  answer(requestId: string, answer: ElicitationAnswer): ElicitationReply;
  pending(): ElicitationQuestion[];
}

export function createPendingElicitations(): PendingElicitations {
  const waiting = new Map<string, { question: ElicitationQuestion; resolve: (answer: ElicitationAnswer) => void }>();

  // The handler asks again (same request id, attempt + 1) when an answer did not fit; each ask
  // replaces the previous entry, and a withdrawn ask (timeout, run stopped) removes it.
  const fillIn: Person['fillIn'] = (question, signal) =>
    new Promise<ElicitationAnswer>((resolve) => {
      const finish = (answer: ElicitationAnswer): void => {
        signal.removeEventListener('abort', onAbort);
        if (waiting.get(question.requestId)?.question === question) waiting.delete(question.requestId);
        resolve(answer);
      };
      const onAbort = (): void => finish({ action: 'cancel' });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.set(question.requestId, { question, resolve: finish });
    });

  const followLink: PendingElicitations['followLink'] = async (question, signal) => {
    const { url: _url, domain: _domain, ...asked } = question;
    const answer = await fillIn({ ...asked, schema: { type: 'object', properties: {} }, attempt: 1 }, signal);
    return { action: answer.action };
  };

  return {
    fillIn,
    followLink,
    answer(requestId, answer) {
      const entry = waiting.get(requestId);
      if (entry === undefined) return { kind: 'unknown' };
      if (answer.action === 'accept') {
        // The handler checks too, but a person at a form deserves the reason now, not a re-ask.
        const problems = findContentProblems(entry.question.schema, answer.content);
        if (problems.length > 0) return { kind: 'does-not-fit', problems };
      }
      entry.resolve(answer.action === 'accept' ? answer : { action: answer.action });
      return { kind: 'answered' };
    },
    pending() {
      return [...waiting.values()].map((entry) => entry.question);
    },
  };
}
