// A zod issue in a case file, in words a person can act on: the field as a path
// ("cases[0].expect.calls[0].match"), what is wrong with it and how to fix it. Host side, pure.

import type { z } from 'zod';

/** The fields each object of the file may hold, to name when one is misspelt. */
const FIELDS: Record<string, string> = {
  file: '"cases"',
  case: '"name", "task", "repeat", "expect" and "note"',
  expect: '"calls", "never", "firstCall", "noToolErrors", "maxToolCalls", "maxTokens", "finalText" and "stopReason"',
  call: '"tool", "args" and "match"',
  finalText: '"contains", "matches" and "notContains"',
};

/** How to fix a field, by its name. */
const FIXES: Record<string, string> = {
  cases: 'give a list of cases: {"cases": [{"name": "…", "task": "…", "expect": {…}}]}',
  name: 'give each case its own short name, e.g. "jar-three"',
  note: 'give a sentence, or leave it out',
  task: 'give the task as a person would type it, e.g. "check jar 3 and tell me if it was tampered with"',
  repeat: 'give a whole number of runs from 1 to 100, e.g. 5 for a pass rate',
  expect: 'give an object of expectations, e.g. {"firstCall": "cookie-jars.inspect_jar"}',
  calls: 'give a list like [{"tool": "cookie-jars.inspect_jar", "args": {"id": 3}, "match": "partial"}]',
  tool: 'name the tool as `kitchen tools` prints it, e.g. "cookie-jars.inspect_jar"',
  args: 'give the arguments as an object, e.g. {"id": 3}; with match "contains" or "regex" each value is a string',
  match: 'use "exact" (the whole object), "partial" (the listed keys equal), "contains" or "regex"',
  never: 'give a list of tool names, e.g. ["cookie-jars.discard_jar"]',
  firstCall: 'name the tool as `kitchen tools` prints it, e.g. "cookie-jars.inspect_jar"',
  noToolErrors: 'give true or false',
  maxToolCalls: 'give a whole number of tool calls, e.g. 5',
  maxTokens: 'give a whole number of tokens, e.g. 20000',
  finalText: 'give an object like {"contains": ["3"], "matches": "tamper", "notContains": ["error"]}',
  contains: 'give a list of strings, e.g. ["3"]',
  matches: 'give a JavaScript regular expression as a string, e.g. "tamper(ed)?"',
  notContains: 'give a list of strings, e.g. ["error"]',
  stopReason: 'use end_turn (the default), max_tokens, refusal, max_iterations, budget, aborted, error or seatbelt',
};

export function describeCaseFileIssue(issue: z.core.$ZodIssue, file: unknown): string {
  const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
  const field = fieldPath(path);
  const given = valueAt(file, path);
  if (issue.code === 'unrecognized_keys') {
    const where = field === '' ? 'the file' : field;
    const names = issue.keys.map((key) => `"${key}"`).join(', ');
    return `${where}: unknown field ${names}; the fields here are ${FIELDS[objectKind(path)] ?? 'listed in the docs'}`;
  }
  const name = lastName(path);
  const fix = FIXES[name] ?? 'see docs/evaluate-your-server.md';
  const problem =
    given === undefined
      ? 'is missing'
      : issue.code === 'invalid_type'
        ? `must be ${article(issue.expected)} ${issue.expected}, not ${JSON.stringify(given)}`
        : issue.code === 'too_small' && Array.isArray(given)
          ? 'is empty'
          : issue.code === 'invalid_value' || issue.code === 'too_small' || issue.code === 'too_big'
            ? `is not allowed: ${JSON.stringify(given)}`
            : issue.message;
  return `${field || 'the file'} ${problem}; fix: ${fix}`;
}

function fieldPath(path: ReadonlyArray<string | number>): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
}

function lastName(path: ReadonlyArray<string | number>): string {
  const names = path.filter((key): key is string => typeof key === 'string');
  // A key inside "args" is the tool's own argument: the fix is the one for args.
  if (names.at(-2) === 'args') return 'args';
  return names.at(-1) ?? 'cases';
}

function objectKind(path: ReadonlyArray<string | number>): string {
  const last = path.at(-1);
  const before = path.at(-2);
  if (path.length === 0) return 'file';
  if (typeof last === 'number' && before === 'cases') return 'case';
  if (typeof last === 'number' && before === 'calls') return 'call';
  return typeof last === 'string' ? last : 'file';
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

function valueAt(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
