import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../finding.js';
import { inspectSloppyServer } from '../testing/serve-sloppy-server.js';
import { LONG_TOOL_NAME } from '../testing/sloppy-server.js';
import { annotationFindings } from './annotation-rules.js';
import { descriptionFindings } from './description-rules.js';
import { duplicateToolFindings } from './duplicate-tool-rules.js';

const keyed = (findings: Finding[]) =>
  findings.map((finding) => `${finding.rule} ${finding.tool ?? finding.prompt ?? finding.resource}`).sort();

describe('descriptions, annotations and duplicates on the sloppy server', () => {
  let descriptions: Finding[];
  let annotations: Finding[];
  let duplicates: Finding[];
  beforeAll(async () => {
    const offer = await inspectSloppyServer();
    descriptions = descriptionFindings(offer.tools, offer.prompts, offer.resources);
    annotations = annotationFindings(offer.tools);
    duplicates = duplicateToolFindings(offer.tools);
  });

  it('finds the missing and one-word descriptions of tools, parameters, prompts and resources', () => {
    expect(keyed(descriptions)).toEqual([
      'description/parameter-missing files.delete',
      // A boolean schema cannot carry a description either.
      'description/parameter-missing search_notes',
      'description/prompt-missing draft',
      'description/resource-missing notes://all',
      'description/tool-missing list_note',
      'description/tool-one-word files.delete',
    ]);
    expect(
      descriptions.find(
        (finding) => finding.tool === 'files.delete' && finding.rule === 'description/parameter-missing',
      )?.message,
    ).toContain('"path"');
  });

  it('finds a destructive-sounding tool without destructiveHint and a read-only-sounding one without readOnlyHint', () => {
    expect(keyed(annotations)).toEqual([
      'annotation/destructive-without-hint files.delete',
      `annotation/read-only-without-hint ${LONG_TOOL_NAME}`,
    ]);
  });

  it('finds list_note as a near duplicate of list_notes', () => {
    expect(keyed(duplicates)).toEqual(['tools/near-duplicate list_note']);
    expect(duplicates[0]?.message).toContain('"list_notes"');
  });

  it('reports two tools with one name as an error, and the same description as a near duplicate', () => {
    const schema = { type: 'object' as const, properties: {} };
    const found = duplicateToolFindings([
      { name: 'weigh', description: 'Weigh a jar in grams.', inputSchema: schema },
      { name: 'weigh', description: 'Weigh a jar.', inputSchema: schema },
      { name: 'measure_mass', description: 'Weigh a jar in grams.', inputSchema: schema },
    ]);
    expect(found.map((finding) => [finding.rule, finding.tool, finding.severity])).toEqual([
      ['tools/duplicate-name', 'weigh', 'error'],
      ['tools/near-duplicate', 'measure_mass', 'warning'],
    ]);
  });

  it('reads the words of camelCase and kebab names alike', () => {
    const schema = { type: 'object' as const, properties: {} };
    const found = annotationFindings([
      { name: 'dropTable', description: 'x y', inputSchema: schema },
      { name: 'list-jars', description: 'x y', inputSchema: schema, annotations: { readOnlyHint: true } },
      { name: 'purge-cache', description: 'x y', inputSchema: schema, annotations: { destructiveHint: true } },
    ]);
    expect(keyed(found)).toEqual(['annotation/destructive-without-hint dropTable']);
  });
});
