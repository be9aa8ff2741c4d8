// The run form of the kitchen web page: the demo picker fills in the task, the pace is kept for
// the tab, and the worker fields choose the workers' model and tools. App side, in the browser.

import { el } from './dom.js';

/**
 * @param {{ demo: HTMLSelectElement; pace: HTMLSelectElement; task: HTMLTextAreaElement;
 *   workerModel: HTMLInputElement; workerTools: HTMLInputElement }} parts
 */
export function setUpTaskForm(parts) {
  let demos = [];
  parts.demo.addEventListener('change', () => {
    const demo = demos.find((candidate) => candidate.id === parts.demo.value);
    if (demo) parts.task.value = demo.task;
    else parts.task.focus();
  });
  parts.task.addEventListener('input', () => {
    const demo = demos.find((candidate) => candidate.task === parts.task.value);
    parts.demo.value = demo?.id ?? 'own';
  });
  parts.pace.addEventListener('change', () => sessionStorage.setItem('kitchen-pace', parts.pace.value));

  return {
    /** Fills the form from what the kitchen says of itself (GET /api/kitchen), with `task` in the task field. */
    fill(kitchen, task) {
      demos = kitchen.demos;
      const options = demos.map((demo) => {
        const option = el('option', '', demo.label);
        option.value = demo.id;
        return option;
      });
      const own = el('option', '', 'Your own task');
      own.value = 'own';
      parts.demo.replaceChildren(...options, own);
      const savedPace = sessionStorage.getItem('kitchen-pace');
      if (savedPace !== null && [...parts.pace.options].some((option) => option.value === savedPace))
        parts.pace.value = savedPace;
      parts.task.value = task;
      parts.workerModel.value = kitchen.workers?.model ?? '';
      if (kitchen.workers?.tools?.kind === 'restrict') parts.workerTools.value = kitchen.workers.tools.tools.join(', ');
      parts.task.dispatchEvent(new Event('input'));
    },

    /** The body of POST /api/runs that starts `task` at the chosen pace, with the worker fields when filled in. */
    runRequest(task) {
      const workers = workerChoice(parts);
      return {
        task,
        paceMs: Number(parts.pace.value),
        ...(Object.keys(workers).length > 0 ? { workers } : {}),
      };
    },
  };
}

/** The worker fields: a model name and the only tools workers get (empty: as configured). */
function workerChoice(parts) {
  const model = parts.workerModel.value.trim();
  const tools = parts.workerTools.value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return { ...(model === '' ? {} : { model }), ...(tools.length === 0 ? {} : { tools }) };
}
