import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../finding.js';
import type { ServerOffer } from '../server-offer.js';
import { inspectSloppyServer } from '../testing/serve-sloppy-server.js';
import { LONG_TOOL_NAME } from '../testing/sloppy-server.js';
import { portabilityFindings } from './portability-rules.js';

const about = (findings: Finding[], tool: string) => findings.filter((finding) => finding.tool === tool);
const rulesOf = (findings: Finding[]) => findings.map((finding) => finding.rule).sort();

describe('portabilityFindings on the sloppy server', () => {
  let offer: ServerOffer;
  let findings: Finding[];
  beforeAll(async () => {
    offer = await inspectSloppyServer();
    findings = portabilityFindings(offer.tools);
  });

  it('refuses a dotted name for the Anthropic API and OpenAI, and lets Gemini take it', () => {
    const [dotted] = about(findings, 'files.delete');
    expect(dotted).toMatchObject({
      rule: 'portability/name-characters',
      severity: 'error',
      targets: ['anthropic-api', 'openai'],
    });
    expect(dotted?.message).toContain('"."');
    expect(dotted?.fix).toContain('"files_delete"');
  });

  it('refuses a name over 64 characters for every target', () => {
    const [long] = about(findings, LONG_TOOL_NAME);
    expect(long).toMatchObject({ rule: 'portability/name-too-long', severity: 'error' });
    expect(long?.targets).toEqual(['anthropic-api', 'openai', 'gemini', 'claude-code']);
  });

  it('finds the type union, $ref/$defs, boolean, untyped and typeless-enum schemas, each with its path', () => {
    const search = about(findings, 'search_notes');
    expect(rulesOf(search)).toEqual([
      'portability/boolean-schema',
      'portability/enum-without-type',
      'portability/missing-required',
      'portability/ref-defs',
      'portability/type-union',
      'portability/untyped-schema',
    ]);
    const message = (rule: string) => search.find((finding) => finding.rule === rule)?.message;
    expect(message('portability/type-union')).toContain('inputSchema.properties.query');
    expect(message('portability/enum-without-type')).toContain('inputSchema.properties.sort');
    expect(message('portability/ref-defs')).toContain('inputSchema.properties.dates');
    expect(message('portability/boolean-schema')).toContain('inputSchema.properties.everything');
    expect(message('portability/untyped-schema')).toContain('inputSchema.properties.extra');
    // The enum has no type, but it is not also reported as an untyped schema.
    expect(message('portability/untyped-schema')).not.toContain('sort');
  });

  it('refuses a draft-07 output schema for Claude Code, and flags an unknown dialect', () => {
    const [dialect] = about(findings, 'summarize_notes');
    expect(dialect).toMatchObject({
      rule: 'portability/output-schema-dialect',
      severity: 'error',
      targets: ['claude-code'],
    });
    expect(rulesOf(about(findings, 'tag_note'))).toEqual([
      'portability/missing-required',
      'portability/unknown-dialect',
    ]);
  });

  it('finds nothing in a clean tool', () => {
    expect(about(findings, 'list_notes')).toEqual([]);
  });

  it('refuses an input schema that is not an object, and says only info for an older input dialect', () => {
    const tool: Tool = {
      name: 'old_style',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'string',
      } as unknown as Tool['inputSchema'],
    };
    const found = portabilityFindings([tool]);
    expect(found.map((finding) => [finding.rule, finding.severity])).toEqual([
      ['portability/root-not-object', 'error'],
      ['portability/input-schema-dialect', 'info'],
    ]);
  });
});
