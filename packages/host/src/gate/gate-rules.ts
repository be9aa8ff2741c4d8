// Approval rules for the gate: their shape, parsing from a rules file or the short ACTION:SERVER/TOOL form, and matching
// against a tool. Host side; servers never see the rules, they only propose tools.

import { z } from 'zod';
import { LocalError } from '../errors.js';
import type { ToolDescriptor } from '../tool-types.js';

/** What a rule (or a sampling policy) does with a request: let it through, ask a person, refuse it. */
export const GATE_ACTIONS = ['allow', 'ask', 'deny'] as const;
export type GateAction = (typeof GATE_ACTIONS)[number];

/** One approval rule. `server` and `tool` are globs where `*` matches any run of characters. */
export interface GateRule {
  server?: string;
  tool?: string;
  action: GateAction;
  /** Shown to the user and, for deny and ask, to the model. */
  reason?: string;
}

/** Rules that cannot be used; the message names the source, the field and the fix. */
export class GateRuleError extends LocalError {
  /** Every problem found, one line each; the message joins them. */
  readonly problems: readonly string[];

  constructor(problems: string[]) {
    super('gate-rule-invalid', problems.join('\n'));
    this.problems = problems;
  }
}

const RULE_FIELDS = ['server', 'tool', 'action', 'reason'] as const;

const ruleSchema = z.strictObject({
  server: z.string().min(1).optional(),
  tool: z.string().min(1).optional(),
  action: z.enum(GATE_ACTIONS),
  reason: z.string().optional(),
});

/**
 * Validates rules read from `source` (a file path, for messages). Accepts a list of rules or an
 * object `{ "rules": [...] }`. Rule numbers in messages count from 1, as a reader counts them.
 */
export function parseGateRules(input: unknown, source: string): GateRule[] {
  const list = isRecord(input) && 'rules' in input ? input['rules'] : input;
  if (!Array.isArray(list)) {
    throw new GateRuleError([
      `${source}: expected a list of rules, [ { "tool": "discard_*", "action": "ask" } ], or { "rules": [...] } (got ${describeValue(list)})`,
    ]);
  }
  const problems: string[] = [];
  const rules: GateRule[] = [];
  list.forEach((candidate: unknown, index) => {
    const where = `${source} rule ${index + 1}`;
    const parsed = ruleSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${where}: ${describeIssue(issue, candidate)}`);
      return;
    }
    const rule: GateRule = parsed.data;
    if (rule.server === undefined && rule.tool === undefined) {
      problems.push(`${where}: give "server", "tool" or both; use "tool": "*" to match every tool`);
      return;
    }
    rules.push(rule);
  });
  if (problems.length > 0) throw new GateRuleError(problems);
  return rules;
}

/**
 * Parses a rule's short form `ACTION:TOOL` or `ACTION:SERVER/TOOL`, e.g. `allow:cookie-jars/discard_*`,
 * `ask:pantry/*` or `deny:place_order` (the form formatRule writes). `source` says where the text
 * came from (a flag, a setting) and opens every message.
 */
export function parseRuleText(text: string, source: string): GateRule {
  const where = `${source} ${JSON.stringify(text)}`;
  const example = 'write ACTION:TOOL or ACTION:SERVER/TOOL, e.g. allow:cookie-jars/discard_*';
  const colon = text.indexOf(':');
  if (colon < 0) throw new GateRuleError([`${where}: no action before ":"; ${example}`]);
  const action = text.slice(0, colon).trim();
  const pattern = text.slice(colon + 1).trim();
  if (!isGateAction(action)) {
    throw new GateRuleError([`${where}: the action must be one of allow, ask, deny (got ${JSON.stringify(action)})`]);
  }
  if (pattern === '') throw new GateRuleError([`${where}: nothing after "${action}:"; ${example}`]);
  const parts = pattern.split('/');
  if (parts.length > 2) throw new GateRuleError([`${where}: more than one "/"; ${example}`]);
  const [first = '', second] = parts.map((part) => part.trim());
  if (second === undefined) return { tool: first, action };
  if (first === '')
    throw new GateRuleError([`${where}: the server before "/" is empty; write */${second} to match any server`]);
  if (second === '')
    throw new GateRuleError([
      `${where}: the tool after "/" is empty; write ${first}/* to match every tool on ${first}`,
    ]);
  return { server: first, tool: second, action };
}

/** Compiled globs by pattern: the gate asks on every tool call, and a rule set is small and fixed. */
const compiledGlobs = new Map<string, RegExp>();
const MAX_COMPILED_GLOBS = 1_000;

/** True when `value` matches `pattern`, where `*` matches any run of characters (case-sensitive). */
export function matchesGlob(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  let glob = compiledGlobs.get(pattern);
  if (glob === undefined) {
    const pieces = pattern.split('*').map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    glob = new RegExp(`^${pieces.join('.*')}$`, 's');
    if (compiledGlobs.size >= MAX_COMPILED_GLOBS) compiledGlobs.clear();
    compiledGlobs.set(pattern, glob);
  }
  return glob.test(value);
}

function ruleMatches(rule: GateRule, tool: Pick<ToolDescriptor, 'server' | 'originalName'>): boolean {
  return (
    (rule.server === undefined || matchesGlob(rule.server, tool.server)) &&
    (rule.tool === undefined || matchesGlob(rule.tool, tool.originalName))
  );
}

/**
 * How specific a rule is: 4 exact server and tool, 3 server and tool with a glob, 2 tool only,
 * 1 server only, 0 catch-all. A pattern that is just `*` constrains nothing, so it counts as
 * absent: a rule for server `*` and tool `place_order` ranks as a tool-only rule.
 */
export function ruleSpecificity(rule: GateRule): number {
  const server = constrains(rule.server);
  const tool = constrains(rule.tool);
  if (server && tool) return isExact(rule.server) && isExact(rule.tool) ? 4 : 3;
  if (tool) return 2;
  if (server) return 1;
  return 0;
}

const ACTION_STRENGTH: Record<GateAction, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * The rule that decides for `tool`: the most specific matching rule wins, and among equally
 * specific ones deny beats ask beats allow (so an ambiguous rule set fails safe).
 */
export function findDecidingRule(
  rules: readonly GateRule[],
  tool: Pick<ToolDescriptor, 'server' | 'originalName'>,
): GateRule | undefined {
  let best: GateRule | undefined;
  for (const rule of rules) {
    if (!ruleMatches(rule, tool)) continue;
    if (best === undefined || outranks(rule, best)) best = rule;
  }
  return best;
}

/** The short form of a rule, for messages: `allow:cookie-jars/discard_jar`. */
export function formatRule(rule: GateRule): string {
  const pattern = rule.server === undefined ? (rule.tool ?? '*') : `${rule.server}/${rule.tool ?? '*'}`;
  return `${rule.action}:${pattern}`;
}

function outranks(candidate: GateRule, current: GateRule): boolean {
  const difference = ruleSpecificity(candidate) - ruleSpecificity(current);
  if (difference !== 0) return difference > 0;
  return ACTION_STRENGTH[candidate.action] > ACTION_STRENGTH[current.action];
}

function constrains(pattern: string | undefined): boolean {
  return pattern !== undefined && pattern !== '*';
}

function isExact(pattern: string | undefined): boolean {
  return pattern !== undefined && !pattern.includes('*');
}

function isGateAction(value: string): value is GateAction {
  return (GATE_ACTIONS as readonly string[]).includes(value);
}

function describeIssue(issue: z.core.$ZodIssue, candidate: unknown): string {
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `"${key}"${suggestField(key)}`).join(', ');
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${names}; a rule has only server, tool, action and reason`;
  }
  const field = issue.path[0];
  if (field === undefined) {
    return `expected an object like { "tool": "discard_*", "action": "ask" } (got ${describeValue(candidate)})`;
  }
  const value = isRecord(candidate) ? candidate[String(field)] : undefined;
  if (field === 'action') {
    return value === undefined
      ? `"action" is required; use one of allow, ask, deny`
      : `"action" must be one of allow, ask, deny (got ${describeValue(value)})`;
  }
  if (field === 'server' || field === 'tool') {
    const example = field === 'server' ? '"cookie-jars" or "cookie-*"' : '"discard_jar" or "discard_*"';
    return issue.code === 'too_small'
      ? `"${field}" must not be empty; leave it out to match every ${field}`
      : `"${field}" must be a glob string such as ${example} (got ${describeValue(value)})`;
  }
  return `"${String(field)}" must be a string (got ${describeValue(value)})`;
}

function suggestField(key: string): string {
  const lowered = key.toLowerCase();
  const near = RULE_FIELDS.find((field) => lowered === field || lowered === `${field}s` || lowered === `${field}name`);
  return near === undefined ? '' : ` (did you mean "${near}"?)`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'an object';
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
