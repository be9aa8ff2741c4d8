// Reading a report the offline model did not write: a JSON report (a worker given a report
// schema) or prose from another model ("Jar 44 has a broken seal. All the others are clean.").
// Only what the report says about the slice's jars counts; a jar it does not settle is re-checked,
// and nothing read here is ever enough for a destructive call (the lead inspects first). Host side.

import { parseIdList } from './id-list.js';
import type { JarFinding } from './jar-verdict.js';
import type { WorkerReport } from './worker-report.js';

export function readForeignReport(text: string, sliceIds: number[]): WorkerReport | undefined {
  const json = parseJson(text);
  const findings = json !== undefined ? fromJson(json, sliceIds) : fromProse(text, sliceIds);
  if (findings.length === 0) return undefined;
  const order = new Map(sliceIds.map((id, index) => [id, index]));
  findings.sort((left, right) => (order.get(left.id) ?? 0) - (order.get(right.id) ?? 0));
  return { findings, instructionNotes: 0 };
}

function parseJson(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (!/^[{[]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

const TAMPERED_KEY = /tamper|bad|suspicious|flagged|problem|compromised/i;
const CLEAN_KEY = /clean|\bok\b|good|fine|intact|passed/i;

/**
 * Arrays named for tampered or clean jars, and lists of per-jar objects with a status; a count of
 * clean (or inspected) jars that accounts for every other jar of the slice settles those as clean.
 */
function fromJson(value: unknown, sliceIds: number[]): JarFinding[] {
  const inSlice = new Set(sliceIds);
  const found = new Map<number, JarFinding>();
  const counts = { clean: undefined as number | undefined, inspected: undefined as number | undefined };
  const visit = (node: unknown, key: string): void => {
    if (typeof node === 'number' && Number.isInteger(node)) {
      if (CLEAN_KEY.test(key)) counts.clean = node;
      else if (/inspected|checked|total/i.test(key)) counts.inspected = node;
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) {
        const id = typeof item === 'number' ? item : jarIdOf(item);
        if (id === undefined || !inSlice.has(id)) {
          if (typeof item === 'object') visit(item, key);
          continue;
        }
        const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
        const status = statusOf(record, key);
        if (status === undefined) continue;
        const reason = reasonOf(record);
        found.set(id, {
          id,
          status,
          ...(status === 'tampered'
            ? { reason: reason ?? 'tampered (as the worker reported)', ...problemsIn(reason ?? '') }
            : {}),
        });
      }
    } else if (typeof node === 'object' && node !== null) {
      for (const [child, inner] of Object.entries(node)) visit(inner, child);
    }
  };
  visit(value, '');
  const unsettled = sliceIds.filter((id) => !found.has(id));
  const cleanListed = [...found.values()].filter((finding) => finding.status === 'clean').length;
  const restClean =
    (counts.clean !== undefined && counts.clean === cleanListed + unsettled.length) ||
    (counts.inspected === sliceIds.length && cleanListed === 0);
  if (found.size > 0 || counts.clean !== undefined)
    if (restClean) for (const id of unsettled) found.set(id, { id, status: 'clean' });
  return [...found.values()];
}

function jarIdOf(item: unknown): number | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  for (const key of ['id', 'jar', 'jarId', 'jar_id', 'number']) {
    const value = (item as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  return undefined;
}

function statusOf(record: Record<string, unknown>, key: string): 'tampered' | 'clean' | undefined {
  for (const field of ['tampered', 'isTampered', 'is_tampered']) {
    if (typeof record[field] === 'boolean') return record[field] ? 'tampered' : 'clean';
  }
  for (const field of ['status', 'verdict', 'state', 'result']) {
    const value = record[field];
    if (typeof value !== 'string') continue;
    if (/untampered|not tampered|clean|ok|fine|intact|pass/i.test(value)) return 'clean';
    if (TAMPERED_KEY.test(value)) return 'tampered';
  }
  if (TAMPERED_KEY.test(key)) return 'tampered';
  if (CLEAN_KEY.test(key)) return 'clean';
  return undefined;
}

function reasonOf(record: Record<string, unknown>): string | undefined {
  for (const field of ['reason', 'why', 'explanation', 'detail', 'details', 'problem']) {
    if (typeof record[field] === 'string' && record[field] !== '') return record[field];
  }
  return undefined;
}

const TAMPER_WORDS =
  /\b(?:tamper\w*|broken|cracked|open(?:ed)?|off by|overweight|underweight|too (?:heavy|light)|heavier|lighter|missing|suspicious|compromised|no authori[sz](?:ed|ation)|weight (?:is |was )?off|unexplained)\b/i;
const CLEAN_WORDS = /\b(?:clean|fine|ok|okay|intact|untampered|no (?:issues?|problems?|tampering)|passed|in order)\b/i;
const NEGATED_TAMPER = /\b(?:not|no|none|never|isn't|wasn't|aren't|weren't|without)\b[^.;\n]*\b(?:tamper\w*|broken)\b/i;
const THE_REST =
  /\b(?:all (?:the )?others?|the others|the rest|(?:all )?(?:the )?(?:other|remaining)(?: \d+)?(?: jars?)?|every other jar|all (?:\d+ )?(?:of (?:the|them) )?jars?|none of (?:the|them))\b/i;

/** Sentences and lines about jars, each read as tampered or clean; "the rest are clean" settles the others. */
function fromProse(text: string, sliceIds: number[]): JarFinding[] {
  const inSlice = new Set(sliceIds);
  const found = new Map<number, JarFinding>();
  let restClean = false;
  for (const segment of text.split(/\n+|(?<=[.!?])\s+(?=[A-Z*#-])/)) {
    const sentence = segment.replace(/[*_`#]/g, '').trim();
    if (sentence === '') continue;
    const ids = jarIdsIn(sentence).filter((id) => inSlice.has(id));
    const negated = NEGATED_TAMPER.test(sentence);
    const tampered = TAMPER_WORDS.test(sentence) && !negated;
    const clean = CLEAN_WORDS.test(sentence) || negated;
    if (ids.length === 0) {
      if (clean && !tampered && THE_REST.test(sentence)) restClean = true;
      continue;
    }
    for (const id of ids) {
      if (tampered) {
        const reason = sentence.replace(/^[-•\s]*/, '').replace(/[.]$/, '');
        found.set(id, { id, status: 'tampered', reason, ...problemsIn(sentence) });
      } else if (clean && found.get(id)?.status !== 'tampered') found.set(id, { id, status: 'clean' });
    }
  }
  if (restClean) for (const id of sliceIds) if (!found.has(id)) found.set(id, { id, status: 'clean' });
  return [...found.values()];
}

/** "jar 3", "jars 3, 7 and 9", "jars 41-45", "#12", "Jar 44:". */
function jarIdsIn(sentence: string): number[] {
  const ids: number[] = [];
  for (const match of sentence.matchAll(/\bjars?\s*#?\s*(\d+(?:\s*(?:,|and|&|-|–|to|through)\s*#?\d+)*)/gi))
    ids.push(...parseIdList((match[1] ?? '').replace(/\b(?:to|through)\b/g, '-').replace(/#/g, '')));
  return ids;
}

function problemsIn(text: string): { sealBroken: boolean; weightOff: boolean } {
  return {
    sealBroken: /\bseal\b[^.;]*\b(?:broken|cracked|open)|\b(?:broken|cracked|open(?:ed)?) seal/i.test(text),
    weightOff: /\bweigh|\bgrams?\b|\b\d+\s?g\b|heav|light/i.test(text),
  };
}
