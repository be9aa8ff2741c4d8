// The tour's steps, in order. Each one is `pnpm tour N`.

import { oneToolCall } from './steps/01-one-tool-call.js';
import { theLoop } from './steps/02-the-loop.js';
import { whatTheModelSees } from './steps/03-what-the-model-sees.js';
import { theGate } from './steps/04-the-gate.js';
import { aSubAgent } from './steps/05-a-sub-agent.js';
import { theEventQueue } from './steps/06-the-event-queue.js';
import { oneBudget } from './steps/07-one-budget.js';
import { aServerAsks } from './steps/08-a-server-asks.js';
import { mustItBeLocal } from './steps/09-must-it-be-local.js';
import { measure } from './steps/10-measure.js';
import { resourcesPromptsLogs } from './steps/11-resources-prompts-logs.js';
import { theWireBothEras } from './steps/12-the-wire-both-eras.js';
import type { TourStep } from './tour-step.js';

export const TOUR_STEPS: readonly TourStep[] = [
  oneToolCall,
  theLoop,
  whatTheModelSees,
  theGate,
  aSubAgent,
  theEventQueue,
  oneBudget,
  aServerAsks,
  mustItBeLocal,
  measure,
  resourcesPromptsLogs,
  theWireBothEras,
];
