// Questions you cannot miss: a banner and the tab's title say what waits and in which lane, one
// polite announcement per new question, focus moves to it (unless the person is typing), and
// y / n / a answer the focused or oldest waiting approval. App side, in the browser.

import { callLabel } from './entry-view.js';
import { laneTitle } from './lane-words.js';
import type { Lane, QuestionEntry, RunView } from './lanes.js';

const PAGE_TITLE = 'MCP Kitchen';
const WORDS: Record<QuestionEntry['kind'], string> = {
  approval: 'approve',
  sampling: 'approve a model call for',
  elicitation: 'fill in a form from',
};
/** The keys that answer an approval, and the button each presses. */
const ANSWER_KEYS: Record<string, string | undefined> = { y: 'allow', n: 'deny', a: 'always' };

export interface QuestionWatchParts {
  banner: HTMLElement;
  text: HTMLElement;
  go: HTMLButtonElement;
  lanes: HTMLElement;
  announce: (text: string) => void;
}

/** A question that waits, and the lane it waits in. */
interface WaitingQuestion {
  entry: QuestionEntry;
  lane: Lane | undefined;
}

export function createQuestionWatch(parts: QuestionWatchParts) {
  const announced = new Set<string>();
  let waiting: WaitingQuestion[] = [];
  let previousCount = 0;

  const elementOf = (question: WaitingQuestion) =>
    parts.lanes.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(question.entry.requestId)}"]`);
  const focusQuestion = (question: WaitingQuestion | undefined) => {
    const element = question === undefined ? null : elementOf(question);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    const first = element.querySelector<HTMLElement>('button:not([disabled]), input, select');
    (first ?? element).focus({ preventScroll: true });
  };
  parts.go.addEventListener('click', () => focusQuestion(waiting[0]));

  document.addEventListener('keydown', (pressed) => {
    if (pressed.ctrlKey || pressed.metaKey || pressed.altKey) return;
    if (!(pressed.target instanceof Element)) return;
    const target = pressed.target;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const answer = ANSWER_KEYS[pressed.key];
    if (answer === undefined) return;
    const focused = target.closest('[data-request-id]');
    const question =
      focused ?? waiting.map(elementOf).find((element) => element?.querySelector(`[data-answer="${answer}"]`) !== null);
    const button = question?.querySelector<HTMLButtonElement>(`[data-answer="${answer}"]`);
    if (!button || button.disabled) return;
    pressed.preventDefault();
    button.click();
  });

  return {
    /** Call after each drawn change; `state` is the run's one-word state for the title ("running", "done"). */
    update(view: RunView, state: string | undefined): void {
      waiting = [];
      for (const entry of view.questions.values()) {
        if (entry.status !== 'waiting') continue;
        const lane = view.lanes.find((candidate) => candidate.entries.includes(entry) || isUnderCall(candidate, entry));
        waiting.push({ entry, lane });
      }
      const first = waiting[0];
      // An answered question's buttons are gone; a keyboard user goes on to the next question.
      const answeredOne = waiting.length < previousCount;
      previousCount = waiting.length;
      if (answeredOne && first !== undefined && document.activeElement === document.body) focusQuestion(first);
      parts.banner.hidden = first === undefined;
      document.title =
        first === undefined
          ? state === undefined
            ? PAGE_TITLE
            : `${state} · ${PAGE_TITLE}`
          : `✋ ${waiting.length} waiting · ${PAGE_TITLE}`;
      if (first === undefined) return;
      const more = waiting.length > 1 ? `, and ${waiting.length - 1} more` : '';
      parts.text.textContent = `✋ ${waiting.length === 1 ? 'A question waits' : `${waiting.length} questions wait`} for you: ${describe(first)}${more}.`;
      // A question is announced (and focused) once it is on the page: the page draws a burst of
      // events over a few frames, so the view can know of a question a frame before its buttons exist.
      const fresh = waiting.filter(
        (question) => !announced.has(question.entry.requestId) && elementOf(question) !== null,
      );
      for (const question of fresh) announced.add(question.entry.requestId);
      const newest = fresh[0];
      if (newest === undefined) return;
      parts.announce(`Question: ${describe(newest)}. Press y to allow, n to deny, a for always.`);
      // Focus goes to the question unless the person is in the middle of typing something.
      const active = document.activeElement;
      if (!active?.closest('input, textarea, select') || !active.closest('main')) focusQuestion(waiting[0]);
    },
    /** A new run, or a run drawn again: nothing announced yet. */
    reset(): void {
      announced.clear();
      waiting = [];
      previousCount = 0;
      parts.banner.hidden = true;
    },
  };
}

function describe({ entry, lane }: WaitingQuestion): string {
  const where = lane ? ` in lane ${laneTitle(lane)}` : '';
  return `${WORDS[entry.kind]} ${callLabel(entry)}${where}`;
}

function isUnderCall(lane: Lane, entry: QuestionEntry): boolean {
  return entry.callId !== undefined && lane.calls.get(entry.callId)?.questions.includes(entry) === true;
}
