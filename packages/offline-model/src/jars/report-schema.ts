// A worker's report in the shape its hiring agent asked for: a JSON Schema (the host's report
// format) filled from the worker's own findings, each property by what its name says (tampered
// ids, reasons, counts, a summary). A property the findings cannot fill is left out, never made
// up. Host side, pure.

import type { JarFinding } from './jar-verdict.js';

export interface ReportFacts {
  findings: JarFinding[];
  /** The report in words (for "summary", "report", "notes"). */
  text: string;
  scope: string;
  partial: boolean;
}

type Schema = Record<string, unknown>;

/** The report as one JSON text that fits `schema` as far as the findings go. */
export function fillReportSchema(schema: Schema, facts: ReportFacts): string {
  return JSON.stringify(fillValue(schema, '', facts) ?? {});
}

function fillValue(schema: Schema, name: string, facts: ReportFacts): unknown {
  const type = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  if (type === 'object' || typeof schema['properties'] === 'object') return fillObject(schema, facts);
  const { findings } = facts;
  const group = findingsNamed(name, findings);
  switch (type) {
    case 'array': {
      const items = (schema['items'] ?? {}) as Schema;
      const list = group ?? (/\b(?:findings?|jars?|results?|items?)\b/.test(words(name)) ? findings : undefined);
      if (list === undefined) return undefined;
      const itemType = items['type'];
      if (itemType === 'integer' || itemType === 'number') return list.map((finding) => finding.id);
      if (itemType === 'string') return list.map((finding) => describe(finding));
      return list.map((finding) => fillFinding(items, finding));
    }
    case 'integer':
    case 'number':
      if (group !== undefined) return group.length;
      if (/\b(?:inspected|checked|total|count|jars)\b/.test(words(name)))
        return findings.filter((finding) => finding.status === 'tampered' || finding.status === 'clean').length;
      return undefined;
    case 'boolean':
      if (/\b(?:partial|incomplete|truncated)\b/.test(words(name))) return facts.partial;
      if (/\b(?:complete|done|finished)\b/.test(words(name))) return !facts.partial;
      return undefined;
    case 'string':
      if (/\bscope\b/.test(words(name))) return facts.scope;
      if (/\b(?:summary|report|text|notes?|details?|findings?|description|message)\b/.test(words(name)))
        return facts.text;
      return undefined;
    default:
      return undefined;
  }
}

function fillObject(schema: Schema, facts: ReportFacts): Record<string, unknown> {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = fillValue(property, name, facts);
    if (value !== undefined) object[name] = value;
  }
  return object;
}

/** One finding as an object of the items' schema: id, status, reason, seal, weight. */
function fillFinding(schema: Schema, finding: JarFinding): Record<string, unknown> {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const said = words(name);
    const type = property['type'];
    let value: unknown;
    if (/\b(?:id|jar|number)\b/.test(said) && (type === 'integer' || type === 'number')) value = finding.id;
    else if (/\b(?:reason|why|explanation|detail|details|problem)\b/.test(said))
      value = finding.reason ?? finding.status;
    else if (/\b(?:status|verdict|state|result)\b/.test(said)) value = statusWord(finding, property);
    else if (/\btampered\b/.test(said) && type === 'boolean') value = finding.status === 'tampered';
    else if (/\bseal\b/.test(said) && type === 'boolean') value = finding.sealBroken === true;
    else if (/\bweight\b/.test(said) && type === 'boolean') value = finding.weightOff === true;
    else if (/\blabel\b/.test(said) && type === 'string') value = finding.label;
    if (value !== undefined) object[name] = value;
  }
  return object;
}

function statusWord(finding: JarFinding, schema: Schema): string | undefined {
  const choices = Array.isArray(schema['enum']) ? (schema['enum'] as unknown[]).map(String) : undefined;
  if (choices === undefined) return finding.status;
  return choices.find((choice) => choice.toLowerCase().startsWith(finding.status.slice(0, 4)));
}

/** The findings a property's name asks for: "tampered", "clean", "unknown", "failed"; else undefined. */
function findingsNamed(name: string, findings: JarFinding[]): JarFinding[] | undefined {
  const said = words(name);
  const withStatus = (status: JarFinding['status']) => findings.filter((finding) => finding.status === status);
  if (/\b(?:tampered|tampering|bad|suspicious|flagged|problems?|compromised)\b/.test(said))
    return withStatus('tampered');
  if (/\b(?:clean|ok|good|fine|intact)\b/.test(said)) return withStatus('clean');
  if (/\b(?:unknown|missing|nonexistent)\b/.test(said)) return withStatus('unknown');
  if (/\b(?:failed|failures?|errors?|established)\b/.test(said)) return withStatus('failed');
  if (/\b(?:reached|skipped|pending|unchecked)\b/.test(said)) return withStatus('not-reached');
  if (/\b(?:inspected|checked)\b/.test(said))
    return findings.filter((finding) => finding.status === 'tampered' || finding.status === 'clean');
  return undefined;
}

function describe(finding: JarFinding): string {
  return finding.reason === undefined ? `jar ${finding.id}` : `jar ${finding.id}: ${finding.reason}`;
}

/** "tamperedJars", "tampered_jars" → "tampered jars". */
function words(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}
