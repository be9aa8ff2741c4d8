// What a check says about a server: one finding per problem, each under a stable rule id from the
// closed list below, with what is wrong and how to fix it. Host side, pure data.

export type Severity = 'error' | 'warning' | 'info';

/** The hosts and model APIs a tool list must get past, each with its own rules. */
export type Target = 'anthropic-api' | 'openai' | 'gemini' | 'claude-code';

export const TARGET_NAMES: Readonly<Record<Target, string>> = {
  'anthropic-api': 'the Anthropic API',
  openai: 'OpenAI function calling',
  gemini: 'Gemini function declarations',
  'claude-code': 'Claude Code',
};

/**
 * Every rule a finding can name, with its usual severity and one line on what it means. The ids
 * are a promise: CI jobs and people filter on them, so a rule is added, never renamed.
 */
export const RULES = {
  'connection/start-failed': ['error', 'The server command did not start.'],
  'connection/unreachable': ['error', 'Nothing answered at the URL, or it answered with an HTTP error.'],
  'connection/handshake-failed': ['error', 'No revision could be negotiated: initialize and discover both failed.'],
  'connection/list-failed': ['error', 'A list call (tools, prompts, resources) failed.'],
  'connection/legacy-era-missing': ['warning', 'The server speaks 2026-07-28 only: 2025-11-25 hosts cannot use it.'],
  'connection/modern-era-missing': ['info', 'The server speaks 2025-11-25 only, not 2026-07-28.'],
  'connection/eras-disagree': ['warning', 'The two revisions list different tools.'],
  'portability/name-too-long': ['error', 'A tool name is longer than a target accepts (64 characters).'],
  'portability/name-characters': ['error', 'A tool name has characters a target refuses (dots, slashes, spaces…).'],
  'portability/root-not-object': ['error', 'An input schema is not an object schema.'],
  'portability/type-union': ['warning', 'A schema has a type union such as ["string", "null"].'],
  'portability/ref-defs': ['warning', 'A schema uses $ref or $defs/definitions.'],
  'portability/boolean-schema': ['warning', 'A schema is true or false instead of an object.'],
  'portability/untyped-schema': ['warning', 'A property schema has no type.'],
  'portability/enum-without-type': ['warning', 'An enum has no type beside it.'],
  'portability/output-schema-dialect': ['error', 'An output schema declares a dialect other than JSON Schema 2020-12.'],
  'portability/unknown-dialect': ['warning', 'A schema declares a $schema dialect that is not a known JSON Schema.'],
  'portability/input-schema-dialect': ['info', 'An input schema declares an older dialect (draft-07 or before).'],
  'portability/missing-required': ['info', 'An object schema with properties lists none as required.'],
  'description/tool-missing': ['warning', 'A tool has no description.'],
  'description/tool-one-word': ['warning', 'A tool description is one word.'],
  'description/parameter-missing': ['warning', 'Parameters have no description.'],
  'description/parameter-one-word': ['info', 'Parameter descriptions are one word.'],
  'description/prompt-missing': ['info', 'A prompt has no description.'],
  'description/resource-missing': ['info', 'A resource has no description.'],
  'annotation/destructive-without-hint': ['warning', 'A tool sounds destructive but does not say destructiveHint.'],
  'annotation/read-only-without-hint': ['warning', 'A tool sounds read-only but does not say readOnlyHint.'],
  'tools/duplicate-name': ['error', 'Two tools share a name.'],
  'tools/near-duplicate': [
    'warning',
    'Two tools look alike (names or descriptions), so a model may pick the wrong one.',
  ],
  'cost/tool-list': ['info', 'What the tool list costs per request, biggest tools first.'],
  'cost/tool-list-large': ['warning', 'The tool list costs more than 20,000 tokens on every request.'],
  'cost/tool-large': ['warning', 'One tool costs more than 2,000 tokens on every request.'],
  'result/call-failed': ['warning', 'A named tool call failed or returned isError.'],
  'result/too-large': ['error', 'A result is bigger than a common host cap (Claude Code: 25,000 tokens).'],
  'result/shortened-by-kitchen': ['warning', 'A result is longer than the kitchen lets the model read.'],
  'result/content-disagrees': ['warning', 'A text block and structuredContent say different things.'],
  'result/structured-only': [
    'warning',
    'A result has structuredContent but no content for hosts that read only content.',
  ],
  'result/output-schema-mismatch': ['error', 'structuredContent does not match the output schema.'],
  'result/missing-structured-content': ['error', 'A tool with an output schema returned no structuredContent.'],
  'result/model-view': ['info', 'What the model receives from the kitchen for a result.'],
  'conformance/scenario-failed': ['error', 'A generic conformance scenario failed.'],
  'conformance/not-run': ['info', 'The conformance suite was not run (a stdio server, or the suite could not start).'],
} as const satisfies Record<string, readonly [Severity, string]>;

export type RuleId = keyof typeof RULES;

export interface Finding {
  rule: RuleId;
  severity: Severity;
  tool?: string;
  prompt?: string;
  resource?: string;
  /** The targets that refuse or stumble on it, for portability rules. */
  targets?: Target[];
  message: string;
  fix: string;
}

/** A finding at its rule's usual severity, unless the caller knows better. */
export function finding(rule: RuleId, details: Omit<Finding, 'rule' | 'severity'> & { severity?: Severity }): Finding {
  return { rule, severity: details.severity ?? RULES[rule][0], ...details };
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Errors first, then warnings, then info; stable within a severity. */
export function bySeverity(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((left, right) => SEVERITY_ORDER[left.severity] - SEVERITY_ORDER[right.severity]);
}
