// Portability: what the Anthropic API, OpenAI function calling, Gemini function declarations and
// Claude Code's output-schema validator refuse or stumble on in a tool list. Host side, pure: it
// reads the tools as listed. Each rule names the targets it is about.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Finding, finding, type RuleId, TARGET_NAMES, type Target } from '../finding.js';
import { isRecord, walkSchema } from './walk-schema.js';

/** The longest tool name the Anthropic API, OpenAI and Gemini accept (MCP allows 128). */
export const MAX_PORTABLE_NAME_LENGTH = 64;

const NAME_CHARACTERS: ReadonlyArray<[Target, RegExp]> = [
  ['anthropic-api', /^[a-zA-Z0-9_-]+$/],
  ['openai', /^[a-zA-Z0-9_-]+$/],
  // Gemini: a letter or underscore first, then letters, digits, _ . : -
  ['gemini', /^[a-zA-Z_][a-zA-Z0-9_.:-]*$/],
];

const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
/** The dialects JSON Schema publishes, by their $schema URI without the trailing "#". */
const KNOWN_DIALECTS = new Map([
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['http://json-schema.org/draft-06/schema', 'draft-06'],
  ['http://json-schema.org/draft-04/schema', 'draft-04'],
]);

export function portabilityFindings(tools: readonly Tool[]): Finding[] {
  return tools.flatMap((tool) => [...nameFindings(tool), ...schemaFindings(tool), ...dialectFindings(tool)]);
}

function nameFindings(tool: Tool): Finding[] {
  const findings: Finding[] = [];
  if (tool.name.length > MAX_PORTABLE_NAME_LENGTH) {
    const targets: Target[] = ['anthropic-api', 'openai', 'gemini', 'claude-code'];
    findings.push(
      finding('portability/name-too-long', {
        tool: tool.name,
        targets,
        message: `The name has ${tool.name.length} characters; ${names(targets)} accept at most ${MAX_PORTABLE_NAME_LENGTH} (Claude Code drops longer ones).`,
        fix: `Shorten the name to ${MAX_PORTABLE_NAME_LENGTH} characters or fewer; leave room for a host's server prefix.`,
      }),
    );
  }
  const refusing = NAME_CHARACTERS.filter(([, pattern]) => !pattern.test(tool.name)).map(([target]) => target);
  if (refusing.length > 0) {
    const odd = [...new Set(tool.name.replace(/[a-zA-Z0-9_-]/g, ''))].map((character) => JSON.stringify(character));
    findings.push(
      finding('portability/name-characters', {
        tool: tool.name,
        targets: refusing,
        message: `${names(refusing)} refuse the name${odd.length > 0 ? `: it has ${odd.join(', ')}` : ''} (names must match ^[a-zA-Z0-9_-]{1,64}$).`,
        fix: `Use only letters, digits, _ and -, e.g. "${tool.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_PORTABLE_NAME_LENGTH)}".`,
      }),
    );
  }
  return findings;
}

interface SchemaProblem {
  rule: RuleId;
  targets: Target[];
  what: string;
  fix: string;
}

const PROBLEMS: Record<string, SchemaProblem> = {
  union: {
    rule: 'portability/type-union',
    targets: ['gemini'],
    what: 'type unions',
    fix: 'Use one type per schema; for "or null", make the property optional instead (or use anyOf where every target takes it).',
  },
  ref: {
    rule: 'portability/ref-defs',
    targets: ['gemini'],
    what: '$ref/$defs',
    fix: 'Inline the referenced schemas: many function-calling APIs do not resolve $ref.',
  },
  boolean: {
    rule: 'portability/boolean-schema',
    targets: ['gemini', 'openai'],
    what: 'boolean schemas (true/false)',
    fix: 'Write an object schema with a type instead of true or false.',
  },
  untyped: {
    rule: 'portability/untyped-schema',
    targets: ['gemini', 'openai'],
    what: 'schemas without a type',
    fix: 'Give every property a "type" (string, number, integer, boolean, object, array).',
  },
  enum: {
    rule: 'portability/enum-without-type',
    targets: ['gemini'],
    what: 'enums without a type',
    fix: 'Add "type": "string" (or the values\' type) beside every enum.',
  },
  required: {
    rule: 'portability/missing-required',
    targets: ['openai'],
    what: 'object schemas that list no property as required',
    fix: 'List the properties a call needs in "required" (OpenAI strict mode wants every property listed).',
  },
};

function schemaFindings(tool: Tool): Finding[] {
  const found = new Map<string, string[]>();
  const note = (problem: string, path: string) => {
    found.set(problem, [...(found.get(problem) ?? []), path === '' ? '(root)' : path]);
  };
  const schemas: Array<[string, unknown]> = [
    ['inputSchema', tool.inputSchema],
    ['outputSchema', tool.outputSchema],
  ];
  const findings: Finding[] = [];
  if (!isRecord(tool.inputSchema) || tool.inputSchema.type !== 'object') {
    findings.push(
      finding('portability/root-not-object', {
        tool: tool.name,
        targets: ['anthropic-api', 'openai', 'gemini'],
        message: 'The input schema is not an object schema ("type": "object"), which every target requires.',
        fix: 'Make the input schema { "type": "object", "properties": { … } }.',
      }),
    );
  }
  for (const [label, schema] of schemas) {
    if (schema === undefined) continue;
    walkSchema(schema, ({ node, path, isValue }) => {
      const where = path === '' ? label : `${label}.${path}`;
      if (typeof node === 'boolean') {
        if (isValue) note('boolean', where);
        return;
      }
      if (Array.isArray(node.type) && node.type.length > 1) note('union', where);
      if (typeof node.$ref === 'string' || isRecord(node.$defs) || isRecord(node.definitions)) note('ref', where);
      const composed = ['anyOf', 'oneOf', 'allOf', '$ref', 'const', 'not'].some((keyword) => keyword in node);
      if (Array.isArray(node.enum) && node.type === undefined) note('enum', where);
      else if (isValue && node.type === undefined && !composed && !Array.isArray(node.enum)) note('untyped', where);
      if (label === 'inputSchema' && node.type === 'object' && isRecord(node.properties)) {
        if (Object.keys(node.properties).length > 0 && !Array.isArray(node.required)) note('required', where);
      }
    });
  }
  for (const [key, paths] of found) {
    const problem = PROBLEMS[key] as SchemaProblem;
    findings.push(
      finding(problem.rule, {
        tool: tool.name,
        targets: problem.targets,
        message: `${names(problem.targets)} ${problem.rule === 'portability/missing-required' ? 'cannot tell what a call needs from' : 'refuse or mishandle'} ${problem.what}, at ${paths.join(', ')}.`,
        fix: problem.fix,
      }),
    );
  }
  return findings;
}

function dialectFindings(tool: Tool): Finding[] {
  const findings: Finding[] = [];
  for (const [label, schema] of [
    ['inputSchema', tool.inputSchema],
    ['outputSchema', tool.outputSchema],
  ] as const) {
    const declared = isRecord(schema) ? schema.$schema : undefined;
    if (typeof declared !== 'string') continue;
    const dialect = KNOWN_DIALECTS.get(declared.replace(/#$/, ''));
    if (dialect === undefined) {
      findings.push(
        finding('portability/unknown-dialect', {
          tool: tool.name,
          message: `The ${label} declares "$schema": ${JSON.stringify(declared)}, which is not a JSON Schema dialect a validator knows; strict hosts refuse the tool.`,
          fix: `Use "$schema": "${DIALECT_2020_12}", or leave $schema out (MCP's default is 2020-12).`,
        }),
      );
    } else if (dialect !== '2020-12' && label === 'outputSchema') {
      findings.push(
        finding('portability/output-schema-dialect', {
          tool: tool.name,
          targets: ['claude-code'],
          message: `The output schema declares ${dialect}; Claude Code validates output schemas as JSON Schema 2020-12 only and refuses this one.`,
          fix: `Declare "$schema": "${DIALECT_2020_12}" (or none) and write the schema in 2020-12.`,
        }),
      );
    } else if (dialect !== '2020-12' && dialect !== '2019-09') {
      findings.push(
        finding('portability/input-schema-dialect', {
          tool: tool.name,
          message: `The input schema declares ${dialect}; MCP 2025-11-25 and later default to 2020-12, and some hosts validate with that.`,
          fix: `Declare "$schema": "${DIALECT_2020_12}" (or none).`,
        }),
      );
    }
  }
  return findings;
}

function names(targets: readonly Target[]): string {
  const words = targets.map((target) => TARGET_NAMES[target]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
