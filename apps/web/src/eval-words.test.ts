// What the page says about an eval, in Node: verdicts, failures, totals and the Eval form's request.

import { formatCents } from '@kitchen/runtime/format';
import { describe, expect, it } from 'vitest';
import {
  evalAnnouncement,
  evalRequest,
  failureLine,
  runHeading,
  totalsLine,
  verdictText,
  verdictTone,
} from './page/eval-words.js';

const totals = {
  cases: 3,
  passed: 1,
  failed: 1,
  notUnderstood: 1,
  runs: 4,
  tokens: 11_291,
  costCents: 2.6,
  durationMs: 1400,
};

describe('the eval words', () => {
  it('says each verdict in words, the pass rate when the case ran more than once', () => {
    expect(verdictText({ verdict: 'passed', repeat: 1, passRate: 1 })).toBe('✅ passed');
    expect(verdictText({ verdict: 'failed', repeat: 2, passRate: 0.5 })).toBe('❌ failed · 1/2 runs passed');
    expect(verdictText({ verdict: 'not-understood', repeat: 1 })).toBe('🤷 not understood by the offline model');
    expect(verdictText({ verdict: 'running', repeat: 3 })).toBe('🍳 running');
  });

  it('draws a verdict the offline model did not understand apart from a failure', () => {
    expect(verdictTone('failed')).toBe('bad');
    expect(verdictTone('not-understood')).toBe('warn');
    expect(verdictTone('passed')).toBe('ok');
    expect(verdictTone('waiting')).toBe('pending');
  });

  it('names the expectation a failure missed, and its run when there were several', () => {
    const failure = { expectation: 'calls[0]', message: 'expected … {"id":4}; it was called with {"id":3}', run: 2 };
    expect(failureLine(failure, 1)).toBe('calls[0]: expected … {"id":4}; it was called with {"id":3}');
    expect(failureLine(failure, 3)).toBe('run 2 · calls[0]: expected … {"id":4}; it was called with {"id":3}');
    expect(runHeading({ run: 1, status: 'failed', failures: [] })).toBe('run 1 · ❌ failed');
  });

  it('gives the totals, with the elapsed time while the eval runs and its own at the end', () => {
    expect(totalsLine({ totals, finished: true }, 99_000)).toBe(
      `3 cases · 1 passed · 1 failed · 1 not understood · 4 runs · 11,291 tokens · ${formatCents(2.6)} · 1.4 s`,
    );
    expect(totalsLine({ totals, finished: false }, 2000)).toMatch(/ · 2 s$/);
    expect(evalAnnouncement({ totals })).toBe(
      'The eval is done: 1 passed, 1 failed, 1 not understood by the offline model.',
    );
  });

  it('sends a path, or the pasted JSON, with the models as a list', () => {
    expect(evalRequest(' cases.json ', '', 'offline, claude-haiku-4-5')).toEqual({
      body: { file: 'cases.json', models: ['offline', 'claude-haiku-4-5'] },
    });
    expect(evalRequest('', '{"cases": []}', '')).toEqual({ body: { caseFile: { cases: [] } } });
    expect(evalRequest('', '{nope', '').problem).toMatch(/^The pasted cases are not JSON/);
    expect(evalRequest('', ' ', '').problem).toBe('Name a case file, or paste its JSON.');
  });
});
