import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvalCaseFileError, parseEvalCaseFile, readEvalCaseFile } from './eval-case-file.js';

const minimal = {
  cases: [
    {
      name: 'jar-three',
      task: 'check jar 3 and tell me if it was tampered with',
      repeat: 1,
      expect: {
        calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 3 }, match: 'partial' }],
        never: ['cookie-jars.discard_jar'],
        firstCall: 'cookie-jars.inspect_jar',
        noToolErrors: true,
        maxToolCalls: 5,
        maxTokens: 20000,
        finalText: { contains: ['3'], matches: 'tamper', notContains: ['error'] },
      },
    },
  ],
};

function problemOf(value: unknown): string {
  try {
    parseEvalCaseFile(value, 'cases.json');
  } catch (error) {
    if (error instanceof EvalCaseFileError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
}

function withCase(change: Record<string, unknown>) {
  return { cases: [{ ...minimal.cases[0], ...change }] };
}

function withExpect(change: Record<string, unknown>) {
  return withCase({ expect: { ...minimal.cases[0]?.expect, ...change } });
}

describe('the case file', () => {
  it('accepts the minimal format exactly as written', () => {
    const file = parseEvalCaseFile(minimal, 'cases.json');
    expect(file.cases[0]).toMatchObject(minimal.cases[0] ?? {});
    expect(file.cases[0]?.expect.stopReason).toBe('end_turn');
  });

  it('fills in one run, partial matching and no expectations when they are left out', () => {
    const file = parseEvalCaseFile(
      {
        cases: [
          { name: 'a', task: 'roll a die' },
          { name: 'b', task: 'x', expect: { calls: [{ tool: 'dice.roll' }] } },
        ],
      },
      'cases.json',
    );
    expect(file.cases[0]).toMatchObject({ repeat: 1, expect: { stopReason: 'end_turn' } });
    expect(file.cases[1]?.expect.calls).toEqual([{ tool: 'dice.roll', match: 'partial' }]);
  });

  it('names the field and the fix for an unknown match', () => {
    const message = problemOf(withExpect({ calls: [{ tool: 'cookie-jars.inspect_jar', match: 'fuzzy' }] }));
    expect(message).toBe(
      'cases.json: cases[0].expect.calls[0].match is not allowed: "fuzzy"; fix: use "exact" (the whole object), "partial" (the listed keys equal), "contains" or "regex"',
    );
  });

  it('names a misspelt field and the fields that belong there', () => {
    expect(problemOf(withExpect({ firstcall: 'x' }))).toMatch(
      /^cases\.json: cases\[0\]\.expect: unknown field "firstcall"; the fields here are "calls", "never", "firstCall"/,
    );
    expect(problemOf(withCase({ expected: {} }))).toMatch(
      /cases\[0\]: unknown field "expected"; the fields here are "name", "task"/,
    );
  });

  it('names a missing task, a wrong type and a bad repeat', () => {
    expect(problemOf({ cases: [{ name: 'a' }] })).toMatch(/cases\[0\]\.task is missing; fix: give the task/);
    expect(problemOf(withExpect({ maxTokens: '20000' }))).toMatch(
      /cases\[0\]\.expect\.maxTokens must be a number, not "20000"; fix: give a whole number of tokens/,
    );
    expect(problemOf(withCase({ repeat: 0 }))).toMatch(
      /cases\[0\]\.repeat is not allowed: 0; fix: give a whole number/,
    );
    expect(problemOf({ cases: [] })).toMatch(/^cases\.json: cases is empty; fix: give a list of cases/);
  });

  it('refuses a pattern JavaScript cannot read and a non-string value to match by regex', () => {
    expect(problemOf(withExpect({ finalText: { matches: '(' } }))).toMatch(
      /cases\[0\]\.expect\.finalText\.matches is not a regular expression JavaScript can read/,
    );
    expect(problemOf(withExpect({ calls: [{ tool: 'dice.roll', args: { sides: 6 }, match: 'regex' }] }))).toMatch(
      /cases\[0\]\.expect\.calls\[0\]\.args\.sides must be a string with match "regex"; fix: give the arguments/,
    );
  });

  it('refuses two cases with one name, since the report tells cases apart by name', () => {
    expect(problemOf({ cases: [minimal.cases[0], minimal.cases[0]] })).toMatch(/cases\[1\]\.name repeats "jar-three"/);
  });

  it('reads a file from disk and says when it is not JSON', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-eval-'));
    writeFileSync(join(folder, 'good.json'), JSON.stringify(minimal));
    writeFileSync(join(folder, 'bad.json'), '{ cases: [] }');
    expect(readEvalCaseFile(join(folder, 'good.json')).cases).toHaveLength(1);
    expect(() => readEvalCaseFile(join(folder, 'bad.json'))).toThrow(/bad\.json: is not JSON/);
    expect(() => readEvalCaseFile(join(folder, 'none.json'))).toThrow(/none\.json: cannot read it/);
  });
});
