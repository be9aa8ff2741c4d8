// A ScriptedModel for runs with workers: one script for the main agent, one for every worker,
// told apart by the worker brief. Host side, tests only (a fake of the model seam, not a mock).

import type { ModelRequest } from '../model.js';
import { WORKER_BRIEF_ENDING } from '../spawn-agent.js';
import { ScriptedModel, type ScriptedModelOptions, type ScriptedTurn } from './scripted-model.js';

/** `turn` counts the assistant turns the conversation already holds, so it is per agent. */
export type TeamStep = (request: ModelRequest, turn: number, task: string) => ScriptedTurn | Promise<ScriptedTurn>;

export interface TeamScript {
  main: TeamStep;
  worker: TeamStep;
}

export function teamModel(script: TeamScript, options: ScriptedModelOptions = {}): ScriptedModel {
  return new ScriptedModel((request) => {
    const task = firstUserText(request);
    const turn = request.messages.filter((message) => message.role === 'assistant').length;
    const step = task.endsWith(WORKER_BRIEF_ENDING) ? script.worker : script.main;
    return step(request, turn, task);
  }, options);
}

/** True for a request made by a worker. */
export function isWorkerRequest(request: ModelRequest): boolean {
  return firstUserText(request).endsWith(WORKER_BRIEF_ENDING);
}

function firstUserText(request: ModelRequest): string {
  const first = request.messages[0];
  if (first === undefined) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}
