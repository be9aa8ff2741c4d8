// Reads the approval rules file given with --rules FILE: JSON, a list of rules or { "rules": [...] }.
// Runtime side; the host's parseGateRules validates each rule and names the file, rule and field.

import { type GateRule, GateRuleError, parseGateRules } from '@kitchen/host';
import { readJsonFile } from './read-json-file.js';

/** Throws a GateRuleError (a usage error) naming the file and what to fix. */
export function loadRulesFile(file: string): GateRule[] {
  const read = readJsonFile(file, file, '--rules');
  if (!read.ok) throw new GateRuleError([read.message]);
  const { data } = read;
  // A misspelt top-level field ("rule", "Rules") would otherwise leave rules silently unread.
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const unknown = Object.keys(data).filter((key) => key !== 'rules');
    if (unknown.length > 0) {
      throw new GateRuleError([
        `${file}: unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}; a rules file is a list of rules or { "rules": [...] }`,
      ]);
    }
  }
  return parseGateRules(data, file);
}
