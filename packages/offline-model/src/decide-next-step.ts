// The offline model's one decision per request: read the task into a plan of parts, work through
// the parts in order (each sees only the tool calls made for it), and when every part is settled,
// answer with what each part did, or why it was not done. Host side.

import type { ToolSpec } from '@kitchen/host';
import type { Conversation } from './conversation.js';
import { answer, type Decision } from './decision.js';
import { planJarCount } from './jars/jar-count.js';
import { planJarJob } from './jars/jar-job.js';
import { planJarQuestion } from './jars/jar-question.js';
import { type PlanPart, readTaskPlan } from './reading/task-plan.js';
import { planDice } from './tools/dice-roll.js';
import { planListing } from './tools/listing.js';
import { planNamedTool } from './tools/named-tool.js';
import { planOrder } from './tools/pantry-order.js';
import { explainRepertoire, notUnderstood, toolsAvailableLine } from './tools/repertoire.js';
import { answerWithoutTools } from './tools/text-answer.js';
import { findTool } from './tools/tool-names.js';
import { planToolSequence } from './tools/tool-sequence.js';
import { summariseToolWork } from './tools/tool-summary.js';
import { shapeWorkerAnswer } from './worker-brief.js';

export interface DecideOptions {
  /** Most tool calls in one turn. */
  batchSize: number;
}

export function decideNextStep(conversation: Conversation, options: DecideOptions): Decision {
  const decision = decidePlan(conversation, options);
  if (decision.kind !== 'answer' || conversation.exchanges.length === 0) return decision;
  return answer(shapeWorkerAnswer(conversation, decision.text, conversation.tools.length === 0));
}

function decidePlan(conversation: Conversation, options: DecideOptions): Decision {
  const { tools, exchanges } = conversation;
  // No tools and nothing done yet: a sampling request or a plain question.
  if (tools.length === 0 && exchanges.length === 0) return answer(answerWithoutTools(conversation));
  // No tools after tool work: the loop wants a report of what was established, now.
  const reportNow = tools.length === 0;
  const plan = readTaskPlan(conversation.task, reportNow ? toolsCalled(conversation) : tools);

  // Several tools named one per clause ("critique the recipe, choose a filling and bake it"): in order.
  if (plan.length >= 2 && plan.every((part) => part.request.kind === 'tool' && !part.negated)) {
    if (reportNow) return answer(summariseToolWork(conversation));
    return planToolSequence(
      conversation,
      plan.flatMap((part) => (part.request.kind === 'tool' ? [{ tool: part.request.tool, clause: part.text }] : [])),
    );
  }

  // Words that narrow the job but could not be read: said first, and nothing destructive is done.
  const unread = [...new Set(plan.flatMap((part) => (part.negated ? [] : unreadWords(part.request))))];
  if (unread.length > 0) for (const part of plan) part.request = withoutDestruction(part.request);
  // Jar parts share what was learned about jars: "inspect jars 1-10 and discard any that are
  // tampered" discards from the inspections the first part made.
  const jarParts = new Set(plan.flatMap((part, index) => (JAR_KINDS.has(part.request.kind) ? [index] : [])));
  const reports: string[] = [];
  for (const [index, part] of plan.entries()) {
    const mine = (exchange: (typeof exchanges)[number]) =>
      exchange.part === index || (jarParts.has(index) && jarParts.has(exchange.part));
    const own = { ...conversation, exchanges: exchanges.filter(mine) };
    const decision = decidePart(part, own, plan.length === 1 ? conversation.task : part.text, options, reportNow);
    if (decision.kind === 'calls') {
      const say = plan.length === 1 ? decision.say : `Part ${index + 1} of ${plan.length}: ${decision.say}`;
      return { ...decision, say, part: index };
    }
    reports.push(decision.text);
  }
  const unreadLine = unread.length > 0 ? [unreadSentence(unread)] : [];
  if (plan.length === 1) return answer([...unreadLine, reports[0] ?? ''].join('\n'));
  if (plan.length === 0) return answer(explainRepertoire(conversation.task, tools));
  return answer(
    [
      ...unreadLine,
      `I read the task as ${plan.length} parts:`,
      ...plan.map((part, index) => `${index + 1}. "${part.text}": ${withoutRepeats(reports, index)}`),
    ].join('\n'),
  );
}

/** A later part's report without the lines an earlier part already said (the same audit, shared). */
function withoutRepeats(reports: string[], index: number): string {
  const report = reports[index] ?? '';
  const earlier = reports.slice(0, index).findIndex((other) => other.split('\n')[0] === report.split('\n')[0]);
  if (earlier < 0 || report.split('\n')[0]?.startsWith('Audit of') !== true) return report;
  const said = new Set((reports[earlier] ?? '').split('\n'));
  const rest = report.split('\n').filter((line) => !said.has(line));
  return [`the same jars as part ${earlier + 1} (its audit above).`, ...rest].join('\n');
}

const JAR_KINDS = new Set(['jar-audit', 'jar-action', 'jar-tally']);

function unreadWords(request: PlanPart['request']): string[] {
  return request.kind === 'jar-audit' || request.kind === 'jar-action' || request.kind === 'jar-tally'
    ? request.unread
    : [];
}

/** A jar action becomes an audit of what was read: it looks, and acts on nothing. */
function withoutDestruction(request: PlanPart['request']): PlanPart['request'] {
  if (request.kind !== 'jar-action') return request;
  const qualifier = request.target === 'unknown' ? request.qualifier : undefined;
  return {
    kind: 'jar-audit',
    selection: request.selection,
    unread: request.unread,
    withheld: { action: request.action, qualifier },
  };
}

function unreadSentence(unread: string[]): string {
  const words = unread.map((word) => `"${word}"`).join(', ');
  const one = unread.length === 1 && !/\s/.test(unread[0] ?? '');
  return `I could not read ${one ? 'this word' : 'these words'} of the task: ${words}; so I did nothing destructive, and what follows is read without ${one ? 'it' : 'them'}.`;
}

function decidePart(
  part: PlanPart,
  conversation: Conversation,
  task: string,
  options: DecideOptions,
  reportNow: boolean,
): Decision {
  const { tools } = conversation;
  const request = part.request;
  if (part.negated) return answer(`Not done, as you asked: I did not ${part.asked}.`);
  switch (request.kind) {
    case 'jar-audit':
    case 'jar-action':
    case 'jar-tally': {
      const canInspect = findTool(tools, 'inspect_jar') !== undefined || findTool(tools, 'spawn_agent') !== undefined;
      if (reportNow || canInspect) {
        return planJarJob(conversation, request, {
          batchSize: options.batchSize,
          reportNow,
          maxChars: conversation.maxChars,
        });
      }
      return answer(`I cannot inspect jars: no inspect_jar tool was offered. ${toolsAvailableLine(tools)}`);
    }
    case 'jar-question':
      return planJarQuestion(conversation, request, reportNow);
    case 'jar-count':
      return planJarCount(conversation, reportNow);
    case 'dice':
      return (
        planDice({ ...conversation, task }, request, reportNow) ??
        answer(`I cannot roll dice: no roll_dice tool was offered. ${toolsAvailableLine(tools)}`)
      );
    case 'order':
      return (
        planOrder(conversation, request, reportNow) ??
        answer(`I cannot place orders: no place_order tool was offered. ${toolsAvailableLine(tools)}`)
      );
    case 'listing':
      return planListing(conversation, request, reportNow);
    case 'tool':
      return planNamedTool({ ...conversation, task }, request.tool, reportNow);
    case 'unknown':
      if (request.cannot !== undefined)
        return answer(
          `Not done: I cannot ${request.cannot}: none of the tools I was given does that, so "${part.text}" was not done.`,
        );
      return answer(task === conversation.task ? explainRepertoire(task, tools) : notUnderstood(part.text));
  }
}

/** In a last-chance request the tool list is gone; the calls already made still name their tools. */
function toolsCalled(conversation: Conversation): ToolSpec[] {
  const names = [...new Set(conversation.exchanges.map((exchange) => exchange.call.name))];
  return names.map((name) => ({ name, description: '', input_schema: { type: 'object', properties: {} } }));
}
