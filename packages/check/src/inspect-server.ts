// Reaches a server in each revision and writes down every step: start or connect, initialize
// (2025-11-25) or discover (2026-07-28), the capabilities, each list call. Host side, at the wire.
// It never throws for the server's sake: a failure is a failed step with its cause and fix.

import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { describeConnectFailure } from './inspect/connect-failure.js';
import type { EraSession } from './inspect/era-session.js';
import { openSession2025 } from './inspect/session-2025.js';
import { openSession2026 } from './inspect/session-2026.js';
import {
  type CheckTarget,
  type ConnectionStep,
  describeTarget,
  ERAS,
  type Era,
  isCommandTarget,
  type ServerOffer,
} from './server-offer.js';

export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

export interface InspectOptions {
  /** Each connect and each list call, in ms. */
  timeoutMs?: number;
  /** The revisions to try; both by default. */
  eras?: readonly Era[];
}

interface EraVisit {
  era: Era;
  steps: ConnectionStep[];
  /** Undefined when the era was not reached. */
  lists?: {
    capabilities: ServerCapabilities;
    tools: Tool[];
    prompts: Prompt[];
    resources: Resource[];
    templates: ResourceTemplate[];
  };
  /** True when nothing answered at all, so the other era need not be asked. */
  unreachable: boolean;
}

export async function inspectServer(target: CheckTarget, options: InspectOptions = {}): Promise<ServerOffer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const eras = ERAS.filter((era) => (options.eras ?? ERAS).includes(era));
  // Both revisions at once: each is its own session (its own process, for a command).
  const visits = await Promise.all(eras.map((era) => visitEra(target, era, timeoutMs)));
  const reached = visits.filter((visit) => visit.lists !== undefined);
  // The first era that listed any tools speaks for the server (an era may have listed none).
  const first = (reached.find((visit) => (visit.lists?.tools.length ?? 0) > 0) ?? reached[0])?.lists;
  // The other era's failure says nothing new when the first one found nothing listening.
  const unreachable = visits.find((visit) => visit.unreachable);
  const steps = unreachable === undefined ? visits.flatMap((visit) => visit.steps) : unreachable.steps;
  return {
    server: target.name,
    eras: reached.map((visit) => visit.era),
    steps,
    ...(first === undefined ? {} : { capabilities: first.capabilities }),
    tools: first?.tools ?? [],
    ...(reached.length > 1
      ? {
          toolNamesByEra: Object.fromEntries(
            reached.map((visit) => [visit.era, visit.lists?.tools.map((tool) => tool.name) ?? []]),
          ),
        }
      : {}),
    prompts: first?.prompts ?? [],
    resources: first?.resources ?? [],
    resourceTemplates: first?.templates ?? [],
  };
}

async function visitEra(target: CheckTarget, era: Era, timeoutMs: number): Promise<EraVisit> {
  const stderr: string[] = [];
  const handshake = era === '2025-11-25' ? 'initialize' : 'discover';
  const reach = isCommandTarget(target) ? 'start' : 'connect';
  const open = era === '2025-11-25' ? openSession2025 : openSession2026;
  let session: EraSession;
  try {
    session = await open(target, timeoutMs, (line) => stderr.push(line));
  } catch (error) {
    const failure = describeConnectFailure(error, {
      era,
      ...(isCommandTarget(target) ? { command: describeTarget(target) } : { url: target.url }),
      stderr,
      timeoutMs,
    });
    const failed: ConnectionStep = {
      step: failure.step,
      era,
      status: 'failed',
      detail: describeTarget(target),
      cause: failure.cause,
      fix: failure.fix,
    };
    const steps =
      failure.step === reach
        ? [failed]
        : [{ step: reach, era, status: 'ok' as const, detail: describeTarget(target) }, failed];
    return { era, steps, unreachable: failure.step === reach };
  }
  const steps: ConnectionStep[] = [
    { step: reach, era, status: 'ok', detail: describeTarget(target) },
    { step: handshake, era, status: 'ok', detail: `${session.serverInfo}, revision ${session.protocolVersion}` },
    { step: 'capabilities', era, status: 'ok', detail: Object.keys(session.capabilities).join(', ') || '(none)' },
  ];
  try {
    const { capabilities } = session;
    const [tools, prompts, resources, templates] = await Promise.all([
      listToolsStep(steps, era, session),
      listStep(steps, era, 'prompts/list', capabilities.prompts !== undefined, session.listPrompts, 'prompts'),
      listStep(steps, era, 'resources/list', capabilities.resources !== undefined, session.listResources, 'resources'),
      listStep(
        steps,
        era,
        'resources/templates/list',
        capabilities.resources !== undefined,
        session.listResourceTemplates,
        'templates',
      ),
    ]);
    return {
      era,
      steps: orderLists(steps),
      lists: { capabilities, tools, prompts, resources, templates },
      unreachable: false,
    };
  } finally {
    await session.close().catch(() => undefined);
  }
}

const LIST_ORDER = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'];

/** The lists run at once; their steps are reported in a fixed order. */
function orderLists(steps: ConnectionStep[]): ConnectionStep[] {
  const rank = (step: ConnectionStep) => LIST_ORDER.indexOf(step.step);
  return [...steps].sort((left, right) => rank(left) - rank(right));
}

/** tools/list, and when the client SDK refuses the answer, the tools as sent all the same. */
async function listToolsStep(steps: ConnectionStep[], era: Era, session: EraSession): Promise<Tool[]> {
  const offered = session.capabilities.tools !== undefined;
  const failedBefore = steps.length;
  const tools = await listStep(steps, era, 'tools/list', offered, session.listTools, 'tools');
  const failed = steps.slice(failedBefore).find((step) => step.status === 'failed');
  if (failed === undefined || session.listToolsAsSent === undefined) return tools;
  try {
    const asSent = await session.listToolsAsSent();
    failed.detail = `${asSent.length} tools sent, refused by the v1 client SDK`;
    failed.cause = `The v1 client SDK (and the hosts built on it) refuses this tools/list: ${readableIssues(failed.cause ?? '')}`;
    failed.fix =
      'Make every schema in the list a JSON Schema object the MCP schema accepts (see the portability findings).';
    return asSent;
  } catch {
    return tools;
  }
}

/** A zod error's JSON list of issues as "path: message" lines; any other text as it is. */
function readableIssues(text: string): string {
  try {
    const issues = JSON.parse(text) as Array<{ path?: unknown[]; message?: string }>;
    return issues.map((issue) => `${(issue.path ?? []).join('.')}: ${issue.message ?? 'invalid'}`).join('; ');
  } catch {
    return text;
  }
}

async function listStep<Item>(
  steps: ConnectionStep[],
  era: Era,
  step: string,
  offered: boolean,
  list: () => Promise<Item[]>,
  noun: string,
): Promise<Item[]> {
  if (!offered) {
    steps.push({ step, era, status: 'skipped', detail: `not offered: the capabilities name no ${step.split('/')[0]}` });
    return [];
  }
  try {
    const items = await list();
    steps.push({ step, era, status: 'ok', detail: `${items.length} ${noun}` });
    return items;
  } catch (error) {
    steps.push({
      step,
      era,
      status: 'failed',
      detail: `${step} failed`,
      cause: error instanceof Error ? error.message : String(error),
      fix: `The server declares ${step.split('/')[0]} in its capabilities: answer ${step}, or stop declaring it.`,
    });
    return [];
  }
}
