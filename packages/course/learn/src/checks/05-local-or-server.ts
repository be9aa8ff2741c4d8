// The check of exercise 5: each proposed tool's placement and the host-only needs it names.

import type * as Exercise from '../../exercises/05-local-or-server/placements.js';
import type { HostOnlyNeed, ProposedTool } from '../../exercises/05-local-or-server/placements.js';
import { expectThat } from '../not-yet.js';

interface Answer {
  where: 'local' | 'server';
  /** The needs a right answer must name (it may name no others). */
  needs: HostOnlyNeed[];
  why: string;
}

const ANSWERS: Record<ProposedTool, Answer> = {
  weigh_jar: { where: 'server', needs: [], why: 'the pantry owns the jars; weighing one is its own data' },
  tokens_left: {
    where: 'local',
    needs: ['tree-budget'],
    why: 'the tree budget lives in the host and never crosses the wire; a server cannot read it',
  },
  bake_batch: {
    where: 'server',
    needs: [],
    why: 'progress notifications cross the wire while the call runs (tour step 8 shows them arrive live)',
  },
  my_tools: {
    where: 'local',
    needs: ['live-toolbox'],
    why: "only the host's live toolbox knows every server's tools and what this agent may call",
  },
  jar_poem: {
    where: 'server',
    needs: [],
    why: 'sampling lets a server ask the host for a model call from inside its tool; the host still owns the model and the budget',
  },
  hire_tasters: {
    where: 'local',
    needs: ['live-run', 'event-stream'],
    why: "agents run on the host's live run (model, toolbox, gate, budget) and their events go up the run's stream as they happen, as spawn_agent's do",
  },
};

export async function check(exercise: typeof Exercise): Promise<void> {
  for (const [tool, answer] of Object.entries(ANSWERS) as Array<[ProposedTool, Answer]>) {
    const given = exercise.placements[tool];
    expectThat(given !== undefined, `There is no placement for ${tool}.`);
    expectThat(
      given.where === answer.where,
      `${tool} goes on the ${answer.where === 'local' ? 'host (a local tool)' : 'server'}, not the ${given.where === 'local' ? 'host' : 'server'}: ${answer.why}.`,
    );
    if (answer.where === 'server') {
      expectThat(
        given.needs.length === 0,
        `${tool} is a server's tool, so it needs nothing of the host's; drop ${given.needs.join(', ')}: ${answer.why}.`,
      );
      continue;
    }
    const missing = answer.needs.filter((need) => !given.needs.includes(need));
    expectThat(missing.length === 0, `${tool} is local because it needs ${missing.join(' and ')}: ${answer.why}.`);
    const extra = given.needs.filter((need) => !answer.needs.includes(need));
    expectThat(
      extra.length === 0,
      `${tool} does not rely on ${extra.join(', ')}; name only what makes it local (${answer.needs.join(', ')}).`,
    );
  }
}

export const learned = [
  'A tool goes on a server if it can be done there; a local tool is the host proposing to itself, so it needs a reason.',
  'Progress, sampling and elicitation cross the wire: a server can report, ask for a model call and ask the person.',
  "What cannot cross: the live toolbox, the gate, the tree budget, the run's stream, the live run. spawn_agent needs them all.",
  'The host declares such needs as LocalTool properties (needsLiveRun, delegates): packages/host/src/local-tools.ts.',
];
