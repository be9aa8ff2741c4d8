// Results of the calls a person named: what common hosts cap, what they forward, what the output
// schema promised, and what the kitchen's model reads. Host side, pure.

import { isDeepStrictEqual } from 'node:util';
import { estimateTokens } from '@kitchen/host';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { ToolResultCheck } from '../check-tool-result.js';
import { type Finding, finding } from '../finding.js';

/** Claude Code's cap on one tool result (MAX_MCP_OUTPUT_TOKENS), the strictest common one. */
export const CLAUDE_CODE_MAX_OUTPUT_TOKENS = 25_000;
/** Characters of the model's view quoted in the model-view finding; the report keeps all of it. */
const QUOTED_CHARS = 600;

export function resultFindings(check: ToolResultCheck, tool: Tool | undefined): Finding[] {
  const findings: Finding[] = [];
  const about = { tool: check.tool };
  const { result } = check;
  if (check.isError) {
    findings.push(
      finding('result/call-failed', {
        ...about,
        message: `The call with ${JSON.stringify(check.arguments)} failed: ${check.modelText.slice(0, QUOTED_CHARS)}`,
        fix: 'Check the arguments given with --call; if they are right, the tool’s error is what a model will read.',
      }),
    );
  }
  if (result !== undefined) {
    const contentTokens = estimateTokens(
      (result.content ?? []).map((block) => (block.type === 'text' ? block.text : JSON.stringify(block))).join('\n'),
    );
    if (contentTokens > CLAUDE_CODE_MAX_OUTPUT_TOKENS) {
      findings.push(
        finding('result/too-large', {
          ...about,
          targets: ['claude-code'],
          message: `The result is about ${contentTokens.toLocaleString('en-US')} tokens (estimated); Claude Code refuses results over ${CLAUDE_CODE_MAX_OUTPUT_TOKENS.toLocaleString('en-US')}.`,
          fix: 'Return less: a page with a cursor, a summary with a resource link to the rest, or a filter argument.',
        }),
      );
    }
    findings.push(...structuredFindings(check.tool, result, tool));
  }
  if (check.modelText.length > check.kitchenMaxChars) {
    findings.push(
      finding('result/shortened-by-kitchen', {
        ...about,
        message: `The model would read ${check.modelText.length.toLocaleString('en-US')} characters; the kitchen gives it at most ${check.kitchenMaxChars.toLocaleString('en-US')} (the head and the tail, with a note between).`,
        fix: 'Return less per call, so the model sees the whole answer.',
      }),
    );
  }
  const quoted = check.modelText.length > QUOTED_CHARS ? `${check.modelText.slice(0, QUOTED_CHARS)}…` : check.modelText;
  findings.push(
    finding('result/model-view', {
      ...about,
      message: `The model receives ${check.modelTokens.toLocaleString('en-US')} tokens (estimated)${check.isError ? ' marked as an error' : ''}:\n${quoted}`,
      fix: 'Nothing to fix: this is what the model reads. Make it the words you want a model to act on.',
    }),
  );
  return findings;
}

function structuredFindings(
  name: string,
  result: NonNullable<ToolResultCheck['result']>,
  tool: Tool | undefined,
): Finding[] {
  const findings: Finding[] = [];
  const about = { tool: name };
  const structured = result.structuredContent;
  const texts = (result.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
  if (structured !== undefined) {
    if ((result.content ?? []).length === 0) {
      findings.push(
        finding('result/structured-only', {
          ...about,
          message:
            'The result has structuredContent and no content: hosts that forward only content give the model nothing.',
          fix: 'Also return the structured content as a text block (JSON), as the MCP specification asks.',
        }),
      );
    }
    for (const text of texts) {
      const parsed = parseJson(text);
      if (parsed !== undefined && !isDeepStrictEqual(parsed, structured)) {
        findings.push(
          finding('result/content-disagrees', {
            ...about,
            message: `A text block says ${shortJson(parsed)} but structuredContent says ${shortJson(structured)}: hosts forward one or the other, so models see different answers.`,
            fix: 'Write the text block from the same value as structuredContent (JSON.stringify of it).',
          }),
        );
        break;
      }
    }
  }
  if (tool?.outputSchema === undefined || result.isError === true) return findings;
  if (structured === undefined) {
    findings.push(
      finding('result/missing-structured-content', {
        ...about,
        message:
          'The tool declares an output schema but returned no structuredContent; clients that check it refuse the result.',
        fix: 'Return structuredContent matching the output schema, or drop the output schema.',
      }),
    );
    return findings;
  }
  const problem = validate(tool.outputSchema, structured);
  if (problem !== undefined) {
    findings.push(
      finding('result/output-schema-mismatch', {
        ...about,
        message: `structuredContent does not match the output schema: ${problem}`,
        fix: 'Make the result match the schema (or the schema the result); clients that validate refuse the call.',
      }),
    );
  }
  return findings;
}

/** Undefined when valid; the validator's words otherwise. The check's own dialect finding covers $schema. */
function validate(schema: Record<string, unknown>, value: unknown): string | undefined {
  const { $schema: _dialect, ...withoutDialect } = schema;
  try {
    const check = new AjvJsonSchemaValidator().getValidator(
      withoutDialect as Parameters<AjvJsonSchemaValidator['getValidator']>[0],
    );
    const verdict = check(value);
    return verdict.valid ? undefined : verdict.errorMessage;
  } catch (error) {
    return `the schema itself could not be compiled (${error instanceof Error ? error.message : String(error)})`;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function shortJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}
