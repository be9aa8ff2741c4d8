// Step 9: "must this tool be local?" The test question, applied to candidate tools: could a server
// do this, if I were willing to pass it what it needs? Only what cannot be passed makes it local.

import { createResourceTools, createSpawnAgentTool } from '@kitchen/host';
import { createRecordingContext } from '@kitchen/host/testing';
import { openKitchen } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

/** What a copy cannot carry over the wire: the only reasons a tool runs inside the host. */
const HOST_ONLY = {
  toolbox: 'the live toolbox (its open connections to every server)',
  gate: "the approval gate (the host's rules and the person behind them)",
  budget: 'the shared budget, by reference (a copy is stale once another agent spends)',
  stream: "the run's event stream (a server can send progress, step 8, but not another agent's lane)",
} as const;
type HostOnly = keyof typeof HOST_ONLY;

export interface Candidate {
  tool: string;
  /** What it needs, in words. */
  needs: string;
  /** The needs no message can carry; empty when a server could do it. */
  hostOnly: HostOnly[];
  /** Why a server can do it, when it can. */
  serverCan?: string;
}

export const CANDIDATES: readonly Candidate[] = [
  {
    tool: 'spawn_agent',
    needs: 'to run the loop again with the same tools, rules and budget, and stream its lane',
    hostOnly: ['toolbox', 'gate', 'budget', 'stream'],
  },
  {
    tool: 'a clock',
    needs: 'the current time',
    hostOnly: [],
    serverCan: 'any server can read its own clock; nothing of the host is involved',
  },
  {
    tool: 'a file reader',
    needs: 'files the person chose to share',
    hostOnly: [],
    serverCan: 'a filesystem server reads them; the host declares which folders as roots (roots/list)',
  },
  {
    tool: 'a budget report',
    needs: 'what the whole run has spent, now',
    hostOnly: ['budget'],
  },
  {
    tool: 'a cache',
    needs: 'memory between calls',
    hostOnly: [],
    serverCan: 'a server keeps state per session (or per process) between calls',
  },
];

export function mustBeLocal(candidate: Candidate): boolean {
  return candidate.hostOnly.length > 0;
}

export const mustItBeLocal: TourStep = {
  number: 9,
  title: '"Must this tool be local?" — the test question, applied',
  async run(out: TourOutput) {
    out.say('The question: could a server do this, if I were willing to pass it what it needs?');
    out.say("A local tool runs with the host's privileges, so only what cannot be passed makes one:");
    for (const [key, words] of Object.entries(HOST_ONLY)) out.say(`  ${key.padEnd(8)} ${words}`);
    out.say();
    for (const candidate of CANDIDATES) {
      const local = mustBeLocal(candidate);
      out.say(`${candidate.tool}: needs ${candidate.needs}.`);
      if (local) {
        out.say(`  cannot be passed: ${candidate.hostOnly.join(', ')}  →  LOCAL`);
      } else {
        out.say(`  ${candidate.serverCan ?? ''}  →  a SERVER tool`);
      }
    }
    const local = CANDIDATES.filter(mustBeLocal).map((candidate) => candidate.tool);
    out.say();
    out.say(
      `${local.length} of ${CANDIDATES.length} must be local: ${local.join(', ')}. The rest belong on a server, where the`,
    );
    out.say("gate can weigh them and the host can refuse them. The kitchen's own local tools today are");
    out.say('spawn_agent, and list_resources / read_resource (they need the live connections to every server).');
    out.say();
    await testTheRealTools(out);
    out.say();
    out.see('packages/host/src/local-tools.ts', 'export interface LocalTool', 'the contract');
    out.see('packages/host/src/resource-tools.ts', 'export function createResourceTools', 'the resource tools');
    out.see('README.md', '**local tools**', 'the rule in one sentence');
  },
};

/**
 * The test on the kitchen's real tools: each local tool's declared needs, then each tool called
 * the way a server at the far end of a wire would have to run it, with no live run in its context.
 */
async function testTheRealTools(out: TourOutput): Promise<void> {
  const toolbox = await openKitchen({ servers: ['cookie-jars', 'dice'], jars: 3 });
  try {
    toolbox.addLocalTool(createSpawnAgentTool());
    for (const tool of createResourceTools(toolbox)) toolbox.addLocalTool(tool);
    out.say("On the kitchen's real tools: what each local tool declares it needs (LocalTool properties),");
    for (const tool of toolbox.list().filter((candidate) => candidate.server === 'local')) {
      const local = toolbox.localTool(tool.name);
      const declared = [local?.needsLiveRun ? 'needsLiveRun' : '', local?.delegates ? 'delegates' : '']
        .filter(Boolean)
        .join(', ');
      out.say(
        `  ${tool.name.padEnd(14)} ${declared === '' ? "(none declared: it holds the toolbox's connections)" : declared}`,
      );
    }
    out.say('and each tool called as a server would have to run it: outside the loop, no live run at hand:');
    const calls: Array<[string, Record<string, unknown>]> = [
      ['roll_dice', { count: 2, seed: 7 }],
      ['inspect_jar', { id: 1 }],
      ['list_resources', { server: 'cookie-jars' }],
      ['spawn_agent', { task: 'Inspect jar 1.' }],
    ];
    for (const [name, input] of calls) {
      const { context } = createRecordingContext();
      const outcome = await toolbox.call(name, input, context);
      const first = outcome.content.split('\n')[0]?.slice(0, 80) ?? '';
      out.say(`  ${name.padEnd(14)} ${outcome.isError ? 'REFUSED' : 'works  '}  ${first}`);
    }
    out.say('roll_dice and inspect_jar need nothing of the host: server tools. list_resources works only');
    out.say("because it holds this host's connections; spawn_agent cannot run at all without the live run.");
  } finally {
    await toolbox.close();
  }
}
