import { describe, expect, it } from 'vitest';
import { buildEvalReport } from './eval-report.js';
import { evalJunitXml } from './junit-xml.js';
import { fakeRun } from './testing/fake-case-run.js';

describe('the JUnit file', () => {
  const report = buildEvalReport(
    [
      { name: 'roll', model: 'claude', runs: [fakeRun(1, true)] },
      { name: 'roll', model: 'local <qwen>', runs: [fakeRun(1, false)] },
      {
        name: 'fence',
        model: 'offline',
        runs: [fakeRun(1, false, { notUnderstood: 'I don\'t know how to do "paint"' })],
      },
      { name: 'flaky', model: 'claude', runs: [fakeRun(1, true), fakeRun(2, false)] },
    ],
    { durationMs: 1234 },
  );
  const xml = evalJunitXml(report);

  it('holds one testcase per case and model, the model as its class', () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="kitchen eval" tests="4" failures="2" errors="0" skipped="1" time="1.234">/,
    );
    expect(
      [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)].map((match) => `${match[1]}/${match[2]}`),
    ).toEqual(['claude/roll', 'local &lt;qwen&gt;/roll', 'offline/fence', 'claude/flaky']);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('marks a failed case with what it missed and a task not understood as skipped', () => {
    expect(xml).toContain(
      '<testcase classname="local &lt;qwen&gt;" name="roll" time="0.500">\n      <failure message="expected the first call to be dice.roll; no tool was called" type="firstCall">passed 0 of 1 runs\nrun 1: firstCall: expected the first call to be dice.roll; no tool was called</failure>',
    );
    expect(xml).toContain(
      '<skipped message="not understood by the offline model: I don&apos;t know how to do &quot;paint&quot;"/>',
    );
    expect(xml).toContain('<failure message="passed 1 of 2 runs; needed a pass rate of 1" type="passRate">');
    expect(xml).toContain('<testcase classname="claude" name="roll" time="0.500"/>');
  });
});
