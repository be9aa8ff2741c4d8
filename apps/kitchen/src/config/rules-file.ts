// Reads the approval rules file given with --rules FILE: JSON, a list of rules or { "rules": [...] }.
// App side; the host's parseGateRules validates each rule and names the file, rule and field.

import { readFileSync } from 'node:fs';
import { type GateRule, GateRuleError, parseGateRules } from '@kitchen/host';

/** Throws a GateRuleError (a usage error) naming the file and what to fix. */
export function loadRulesFile(file: string): GateRule[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new GateRuleError([`--rules ${file}: cannot read the file; check the path`]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new GateRuleError([`${file}: not valid JSON (${(error as Error).message}); fix the syntax`]);
  }
  return parseGateRules(data, file);
}
