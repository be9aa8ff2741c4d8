// Step 9: "must this tool be local?" The test question, applied to candidate tools: could a server
// do this, if I were willing to pass it what it needs? Only what cannot be passed makes it local.

import type { TourOutput, TourStep } from '../tour-step.js';

/** What a copy cannot carry over the wire: the only reasons a tool runs inside the host. */
const HOST_ONLY = {
  toolbox: 'the live toolbox (its open connections to every server)',
  gate: "the approval gate (the host's rules and the person behind them)",
  budget: 'the shared budget, by reference (a copy is stale once another agent spends)',
  stream: 'the live event stream (a server could only send events back after the fact)',
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
    out.see('packages/host/src/local-tools.ts', 'export interface LocalTool', 'the contract');
    out.see('packages/host/src/resource-tools.ts', 'export function createResourceTools', 'the resource tools');
    out.see('README.md', '**local tools**', 'the rule in one sentence');
  },
};
