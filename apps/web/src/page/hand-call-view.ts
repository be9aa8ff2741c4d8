// A tool called by hand from the inspector, followed until it answers: the server's sampling
// request (the whole request and its price) and its form are drawn in the call's panel with the
// same questions a run's lane shows, answered by the person there; then the result, with what
// the sampling cost. App side, in the browser; text goes in with textContent only.

import { api, el } from './dom.js';
import type { HandCall } from './kitchen-api.js';
import { formatCents, formatTokens, plural } from './lane-words.js';
import { applyEvent, createRunView, type LoopEvent } from './lanes.js';
import { renderQuestion } from './question-view.js';

/** How often a call waiting on its server is asked what happened. */
const POLL_MS = 250;

/** GET /api/hand-calls/:id (and the 202 answer of a call started with "wait": false). */
interface HandCallAbout {
  id: string;
  model: string;
  events: LoopEvent[];
  done: boolean;
  call?: HandCall & { sampling: SamplingSpend };
}

interface SamplingSpend {
  model: string;
  requests: number;
  answered: number;
  inputTokens: number;
  outputTokens: number;
  costCents: number;
}

export interface HandCallParts {
  server: string;
  tool: string;
  input: unknown;
  /** Where the questions, then the result, are drawn. */
  into: HTMLElement;
  /** Draws the result (the inspector's own view of a recorded call). */
  renderCall: (call: HandCall) => HTMLElement;
}

/** Resolves once the call has answered (or the kitchen refused it); never throws. */
export async function followHandCall(parts: HandCallParts): Promise<void> {
  const { into } = parts;
  into.replaceChildren(el('p', 'inspector-note', 'calling…'));
  const started = await api<HandCallAbout>(
    `/api/servers/${encodeURIComponent(parts.server)}/tools/${encodeURIComponent(parts.tool)}`,
    { arguments: parts.input, wait: false },
  );
  if (!started.ok) {
    into.replaceChildren(el('p', 'form-problem', started.data.error ?? 'The kitchen did not make the call.'));
    return;
  }
  const answerAt = `/api/hand-calls/${encodeURIComponent(started.data.id)}`;
  const view = createRunView();
  const questions = el('div', 'hand-call-questions');
  const note = el('p', 'inspector-note', 'calling…');
  into.replaceChildren(questions, note);
  let seen = 0;
  let about: HandCallAbout = started.data;
  for (;;) {
    for (const event of about.events) applyEvent(view, event);
    seen += about.events.length;
    // A question keeps its element while its status stays: a half-filled form is not wiped.
    questions.replaceChildren(...[...view.questions.values()].map((entry) => renderQuestion(entry, true, answerAt)));
    if (view.waiting > 0) note.textContent = `${parts.server} is waiting for your answer…`;
    else note.textContent = 'calling…';
    if (about.call !== undefined) {
      into.replaceChildren(questions, samplingLine(about.call.sampling), parts.renderCall(about.call));
      if (view.questions.size === 0) questions.remove();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const next = await api<HandCallAbout>(`${answerAt}?after=${seen}`);
    if (!next.ok) {
      if (next.status === 0) continue; // the kitchen is restarting: ask again
      into.replaceChildren(questions, el('p', 'form-problem', next.data.error ?? 'The kitchen lost the call.'));
      return;
    }
    about = next.data;
  }
}

/** "sampling: 1 model call (offline), 120 in + 80 out tokens, 0.05¢", or nothing when none was asked. */
function samplingLine(spend: SamplingSpend): HTMLElement | string {
  if (spend.requests === 0) return '';
  const refused = spend.requests - spend.answered;
  return el(
    'p',
    'hand-call-sampling',
    `🧾 sampling: ${plural(spend.answered, 'model call')} answered by ${spend.model}${refused > 0 ? ` (${refused} refused)` : ''}, ${formatTokens(spend.inputTokens)} in + ${formatTokens(spend.outputTokens)} out tokens, cost ${formatCents(spend.costCents)}`,
  );
}
