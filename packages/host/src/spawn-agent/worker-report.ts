// Structured worker reports: a JSON Schema the report must fit, checked when the worker ends; a
// report that does not fit is sent back once to be fixed, then the worker fails in words. Host side.

import { z } from 'zod';
import type { AgentEndEvent } from '../loop-event.js';
import type { Message } from '../model.js';
import { type RunAgentLoopOptions, runAgentLoop } from '../run-agent-loop.js';
import type { ToolCallContext } from '../tool-types.js';

export interface WorkerReportFormat {
  /** The JSON Schema, as given (shown to the worker). */
  schema: Record<string, unknown>;
  validator: z.ZodType;
  /** The sentence added to the brief. */
  instruction: string;
}

export function workerReportFormat(schema: Record<string, unknown>): WorkerReportFormat {
  return {
    schema,
    validator: z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]),
    instruction: `Your report must be one JSON object, with nothing around it, that fits this JSON Schema: ${JSON.stringify(schema)}`,
  };
}

/** Undefined when the text is a JSON value that fits; otherwise what is wrong, in one sentence. */
export function reportProblem(text: string, format: WorkerReportFormat): string | undefined {
  const json = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'the report is not JSON';
  }
  const parsed = format.validator.safeParse(value);
  if (parsed.success) return undefined;
  return parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length === 0 ? 'the report' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
}

type LoopBase = Omit<RunAgentLoopOptions, 'messages' | 'delegate' | 'allowedTools'>;

/**
 * Checks a finished worker's report; a report that does not fit goes back once (no tools, one
 * model call) with the problem named. Returns the agent-end to report: the fixed one, or an error
 * that says in words what did not fit. Events of the fixing call are emitted in the worker's lane.
 */
export async function checkReport(
  end: AgentEndEvent,
  brief: string,
  format: WorkerReportFormat,
  loop: LoopBase,
  context: ToolCallContext,
): Promise<AgentEndEvent> {
  const problem = reportProblem(end.finalText, format);
  if (problem === undefined) return end;
  const messages: Message[] = [
    { role: 'user', content: brief },
    { role: 'assistant', content: end.finalText === '' ? '(no report)' : end.finalText },
    {
      role: 'user',
      content: `Your report does not fit the report schema (${problem}). Reply with the corrected report only: ${format.instruction.replace(/^Your report must be /, '')}`,
    },
  ];
  let fixed: AgentEndEvent | undefined;
  for await (const event of runAgentLoop({ ...loop, messages, delegate: false, allowedTools: [], maxIterations: 1 })) {
    if (event.type === 'agent-start') continue;
    if (event.type === 'agent-end') fixed = event;
    else context.emit(event);
  }
  const merged: AgentEndEvent = {
    ...end,
    at: fixed?.at ?? end.at,
    iterations: end.iterations + (fixed?.iterations ?? 0),
    toolCalls: end.toolCalls + (fixed?.toolCalls ?? 0),
    tokens: end.tokens + (fixed?.tokens ?? 0),
    costCents: end.costCents + (fixed?.costCents ?? 0),
  };
  const second = fixed === undefined ? problem : reportProblem(fixed.finalText, format);
  if (fixed !== undefined && second === undefined) return { ...merged, finalText: fixed.finalText };
  return {
    ...merged,
    stopReason: 'error',
    // What the worker established comes first and stays whole: its first report, then the fix when
    // it said something else; then why the report was not accepted.
    finalText: [
      end.finalText.trim() === '' ? '(no report)' : end.finalText.trim(),
      ...(fixed === undefined || fixed.finalText.trim() === '' || fixed.finalText.trim() === end.finalText.trim()
        ? []
        : [`Its attempt at a fix was: ${fixed.finalText.trim()}`]),
      `Not accepted: worker "${end.name}" (agent ${end.agent}) gave a report that does not fit the report schema, even after being asked once to fix it (${second}).`,
    ].join('\n\n'),
  };
}
