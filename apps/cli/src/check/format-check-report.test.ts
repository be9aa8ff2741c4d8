import type { CheckReport } from '@kitchen/check';
import { describe, expect, it } from 'vitest';
import { formatCheckReport } from './format-check-report.js';

const report: CheckReport = {
  server: 'notes',
  eras: ['2025-11-25'],
  steps: [
    { step: 'connect', era: '2025-11-25', status: 'ok', detail: 'http://127.0.0.1:1234/mcp' },
    { step: 'initialize', era: '2025-11-25', status: 'ok', detail: 'notes 1.0.0, revision 2025-11-25' },
    { step: 'prompts/list', era: '2025-11-25', status: 'skipped', detail: 'not offered' },
    { step: 'connect', era: '2026-07-28', status: 'ok', detail: 'http://127.0.0.1:1234/mcp' },
    {
      step: 'discover',
      era: '2026-07-28',
      status: 'failed',
      detail: 'http://127.0.0.1:1234/mcp',
      cause: 'It does not speak revision 2026-07-28',
      fix: 'Serve both revisions.',
    },
  ],
  findings: [
    {
      rule: 'portability/name-characters',
      severity: 'error',
      tool: 'notes.delete',
      message: 'Dots are refused.',
      fix: 'Use notes_delete.',
    },
    {
      rule: 'annotation/destructive-without-hint',
      severity: 'warning',
      tool: 'notes.delete',
      message: 'It sounds destructive.',
      fix: 'Set destructiveHint.',
    },
    { rule: 'cost/tool-list', severity: 'info', message: 'The tool list costs 80 tokens.', fix: 'Trim it.' },
    {
      rule: 'description/prompt-missing',
      severity: 'info',
      prompt: 'draft',
      message: 'No description\u001b[2J.',
      fix: 'Describe it.',
    },
  ],
  toolListTokens: { total: 80, model: 'claude-test', method: 'estimate' },
  tools: [{ name: 'notes.delete', tokens: 80 }],
  results: [],
};

describe('formatCheckReport', () => {
  const text = formatCheckReport(report, 'http://127.0.0.1:1234/mcp', false);

  it('groups the findings by severity, errors first, each with what it is about, its rule and its fix', () => {
    expect(text).toContain(
      '\n1 error\n  ✗ notes.delete  portability/name-characters\n    Dots are refused.\n    fix: Use notes_delete.\n',
    );
    expect(text.indexOf('1 error')).toBeLessThan(text.indexOf('1 warning'));
    expect(text.indexOf('1 warning')).toBeLessThan(text.indexOf('1 note'));
    expect(text).toMatch(/1 error: the check fails\.\n$/);
  });

  it('puts each revision’s steps on one line, and a failed step on its own with its cause and fix', () => {
    expect(text).toContain(
      '  2025-11-25: connect ok; initialize: notes 1.0.0, revision 2025-11-25; not offered: prompts/list\n',
    );
    expect(text).toContain(
      '  2026-07-28 discover: FAILED It does not speak revision 2026-07-28\n    fix: Serve both revisions.\n',
    );
  });

  it('says the tool list is estimated, and never prints a server’s escape sequences', () => {
    expect(text).toContain('Tool list: 80 tokens per request (estimated');
    expect(text).not.toContain('\u001b');
    // The cost summary is the Tool list line, not a note of its own.
    expect(text).not.toContain('The tool list costs 80 tokens.');
  });
});
