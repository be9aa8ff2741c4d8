// The page's Eval section: a case file's path (as `kitchen eval FILE` takes it, read by the
// kitchen) or its JSON pasted in, the models to run it on, and a button that starts it
// (POST /api/evals); the page then shows the eval at its own address. App side, in the browser.

import { api, el } from './dom.js';
import { type EvalAbout, evalRequest } from './eval-words.js';

export interface EvalEntry {
  root: HTMLDetailsElement;
}

/** Adds the Eval section before `before`; `onStarted` shows the eval once the kitchen has started it. */
export function setUpEvalEntry(before: HTMLElement, onStarted: (about: EvalAbout) => void): EvalEntry {
  const file = el('input', 'eval-file');
  file.id = 'eval-file';
  file.placeholder = 'packages/eval/cases/cookie-jars.json';
  file.autocomplete = 'off';
  const pasted = el('textarea', 'eval-json');
  pasted.id = 'eval-json';
  pasted.rows = 4;
  pasted.placeholder = '{ "cases": [ { "name": "jar-three", "task": "check jar 3 …", "expect": { … } } ] }';
  const models = el('input', 'eval-models');
  models.id = 'eval-models';
  models.placeholder = "the kitchen's model; or offline, anthropic, a model's name (comma-separated)";
  models.autocomplete = 'off';
  const start = el('button', 'primary', 'Run the eval');
  start.type = 'submit';
  start.id = 'eval-start';
  const problem = el('p', 'form-problem');
  problem.hidden = true;
  const label = (text: string, control: HTMLElement) => {
    const element = el('label', undefined, text);
    element.htmlFor = control.id;
    return element;
  };
  const form = el(
    'form',
    'eval-form',
    undefined,
    label('Case file (a path the kitchen reads)', file),
    file,
    label('or paste its JSON', pasted),
    pasted,
    label('Models', models),
    models,
    el('div', 'eval-buttons', undefined, start),
    problem,
  );
  const root = el(
    'details',
    'eval-entry',
    undefined,
    el('summary', undefined, '🧪 Eval: does a model use the tools right? One lane per case and model, with verdicts'),
    form,
  );
  root.id = 'eval-entry';
  before.before(root);
  form.addEventListener('submit', async (submitted) => {
    submitted.preventDefault();
    problem.hidden = true;
    const request = evalRequest(file.value, pasted.value, models.value);
    if (request.problem !== undefined) {
      problem.textContent = request.problem;
      problem.hidden = false;
      return;
    }
    start.disabled = true;
    const answer = await api<EvalAbout>('/api/evals', request.body);
    start.disabled = false;
    if (!answer.ok) {
      problem.textContent = answer.data.error ?? 'The kitchen did not start the eval.';
      problem.hidden = false;
      return;
    }
    root.open = false;
    onStarted(answer.data);
  });
  return { root };
}
