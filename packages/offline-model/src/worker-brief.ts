// What a worker's brief asks of its report, read from the request like everything else: the
// worker system prompt, the two closing sentences the host adds ("Reply with a short report, not
// a transcript." and "If you run out of room, report what you DID establish."), and a report
// schema the hiring agent set. Each changes what the offline model hands back. Host side, pure.

import type { Conversation } from './conversation.js';
import { buildLedger } from './jars/jar-ledger.js';
import { fillReportSchema } from './jars/report-schema.js';
import { summariseResult } from './tools/tool-results.js';

export interface WorkerBrief {
  /** The request is a worker's: its system prompt says so, or its brief ends with the host's sentences. */
  isWorker: boolean;
  /** "Reply with a short report, not a transcript." */
  shortReport: boolean;
  /** "If you run out of room, report what you DID establish." */
  reportEstablished: boolean;
  /** The JSON Schema the report must fit, when the hiring agent set one. */
  reportSchema: Record<string, unknown> | undefined;
}

const SCHEMA_LINE = /\n*[^\n]*\bYour report must be one JSON object\b[^\n]*?JSON Schema:\s*(\{[^\n]*\})[^\n]*/;

/** The brief's asks, and the task without the schema line (a format is not a second job). */
export function readWorkerBrief(system: string, task: string): { brief: WorkerBrief; task: string } {
  const line = SCHEMA_LINE.exec(task);
  let reportSchema: Record<string, unknown> | undefined;
  if (line?.[1] !== undefined) {
    try {
      const parsed: unknown = JSON.parse(line[1]);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        reportSchema = parsed as Record<string, unknown>;
    } catch {
      // not JSON: the line stays part of the task and nothing is assumed
    }
  }
  const shortReport = /\bshort report\b|\bnot a transcript\b/i.test(task);
  const reportEstablished = /\breport what you DID establish\b/i.test(task);
  return {
    brief: {
      isWorker: /\byou are a worker\b/i.test(system) || shortReport || reportEstablished,
      shortReport,
      reportEstablished,
      reportSchema,
    },
    task: reportSchema === undefined ? task : task.replace(SCHEMA_LINE, ''),
  };
}

/**
 * The answer as the brief asks for it. A worker told nothing about its report returns its
 * transcript; a stopped worker not told to report what it established returns only that it
 * stopped; a report schema is met from the worker's own findings.
 */
export function shapeWorkerAnswer(conversation: Conversation, text: string, reportNow: boolean): string {
  const { brief } = conversation;
  if (!brief.isWorker) return text;
  if (reportNow && !brief.reportEstablished) return 'I stopped before I finished.';
  const shaped =
    brief.reportSchema === undefined ? text : schemaReport(conversation, text, brief.reportSchema, reportNow);
  if (brief.shortReport || brief.reportSchema !== undefined) return shaped;
  return [transcript(conversation), '', shaped].join('\n');
}

function schemaReport(
  conversation: Conversation,
  text: string,
  schema: Record<string, unknown>,
  partial: boolean,
): string {
  const findings = [...buildLedger(conversation.exchanges).inspected.values()].sort(
    (left, right) => left.id - right.id,
  );
  const scope = /^(?:Partial audit|Audit) of ([^:]+):/m.exec(text)?.[1] ?? 'the jars in the brief';
  return fillReportSchema(schema, { findings, text, scope, partial });
}

/** Every call and what came back, in order: what "not a transcript" asks a worker not to send. */
function transcript(conversation: Conversation): string {
  const lines = ['Transcript of my work:'];
  for (const [index, { call, result }] of conversation.exchanges.entries()) {
    lines.push(`${index + 1}. ${call.name} ${JSON.stringify(call.input)}`);
    lines.push(`   -> ${result === undefined ? 'no result' : summariseResult(result.content, 2_000)}`);
  }
  return lines.join('\n');
}
