import { describe, expect, it } from 'vitest';
import { MIN_COLUMN, renderSideBySide, wrap } from './side-by-side.js';
import { bothEras } from './wire-fixtures.js';

describe('renderSideBySide', () => {
  it('puts the eras in two columns on a wide terminal, each step on the same rows, no line past the width', () => {
    const lines = renderSideBySide(bothEras(), { width: 150 });
    expect(lines.every((line) => [...line].length <= 150)).toBe(true);
    const headings = lines
      .filter((line) => /^── \d+\. /.test(line))
      .map((line) => /^── (\d+\. [^─]+) /.exec(line)?.[1]);
    expect(headings).toEqual([
      '1. open',
      '2. list the tools',
      '3. the rest of what the host asks on connecting',
      '4. call the tool',
      '5. the server asks the host',
      '6. the host answers',
      '7. the result',
      '8. close',
    ]);
    const row = (text: string) => lines.find((line) => line.includes(text)) ?? '';
    // Each era's first line of a step sits on the same row, either side of the gutter.
    expect(row('→ POST initialize')).toMatch(/^→ POST initialize +│ → POST server\/discover$/);
    expect(row('⇠ {"method":"sampling/createMessage"')).toContain('│ ← 200 application/json');
    expect(row('→ POST (the answer to the server)')).toMatch(/│ +→ POST tools\/call$/);
    expect(row('→ DELETE (end the session)')).toMatch(/│ \(no session to close\)$/);
    expect(row('Mcp-Session-Id: 3a1b1f07…')).not.toContain('3a1b1f07-5c1e');
    expect(row('3 HTTP requests')).toBe('');
    expect(lines.join('\n')).toMatch(
      /8 HTTP requests, 6 SSE messages, one session +│ 4 HTTP requests, 0 SSE messages, no session/,
    );
  });

  it('shows only the steps asked for, numbered as in the whole exchange', () => {
    const lines = renderSideBySide(bothEras(), { width: 150, only: ['ask', 'answer'] });
    expect(lines.filter((line) => /^── \d+\. /.test(line)).map((line) => line.split(' ─')[0])).toEqual([
      '── 5. the server asks the host',
      '── 6. the host answers',
    ]);
    expect(lines.some((line) => line.includes('→ POST initialize'))).toBe(false);
  });

  it("shows the host's part between the question and its answer: the price, the gate, the charge", () => {
    const text = renderSideBySide(bothEras(), { width: 150 }).join('\n');
    const answer = text.slice(text.indexOf('── 6. the host answers'), text.indexOf('── 7. the result'));
    expect(answer).toMatch(/host: prices the model call at 0\.4¢ at most \(up to 400 output tokens\)/);
    expect(answer).toMatch(/host: approved by the person; its own model answers; 225 tokens \(0\.1¢\)/);
    expect(answer.indexOf('host: prices')).toBeLessThan(answer.indexOf('→ POST (the answer to the server)'));
    expect(answer).toContain('"inputResponses":{"critique":{');
    expect(answer).toContain('"requestState":"c2VhbGVkLXN…"');
  });

  it('puts one era after the other on a narrow terminal, each with every step', () => {
    const lines = renderSideBySide(bothEras(), { width: 2 * MIN_COLUMN });
    expect(lines.some((line) => line.includes(' │ '))).toBe(false);
    expect(lines.every((line) => [...line].length <= 2 * MIN_COLUMN)).toBe(true);
    const eraHeadings = lines.filter((line) => line.startsWith('── 20'));
    expect(eraHeadings.map((line) => line.slice(3, 13))).toEqual(['2025-11-25', '2026-07-28']);
    const second = lines.slice(lines.indexOf(eraHeadings[1] ?? ''));
    expect(second.filter((line) => /^\d+\. /.test(line))).toHaveLength(8);
    expect(second).toContain('(no session to close)');
  });

  it('says why an era could not be reached in its opening step', () => {
    const [old, modern] = bothEras();
    if (old === undefined || modern === undefined) throw new Error('fixture');
    const { outcome: _none, ...unreached } = {
      ...modern,
      records: [],
      events: [],
      unavailable: 'it does not offer 2026-07-28',
    };
    const lines = renderSideBySide([old, unreached], { width: 150 });
    expect(lines.find((line) => line.startsWith('→ POST initialize'))).toContain('│ ✗ it does not offer 2026-07-28');
    expect(lines.at(-1)).toMatch(/│ tool result: none$/);
  });
});

describe('wrap', () => {
  it('breaks after a comma near the end and indents the rest', () => {
    expect(wrap('{"a":1,"bb":2,"ccc":3}', 16, '  ')).toEqual(['{"a":1,"bb":2,', '  "ccc":3}']);
  });

  it('keeps a header whole, breaking between two headers rather than inside one', () => {
    expect(wrap('  Mcp-Method: tools/call  Mcp-Name: critique_recipe', 40, '    ')).toEqual([
      '  Mcp-Method: tools/call',
      '    Mcp-Name: critique_recipe',
    ]);
  });

  it('never splits a {…a,b} marker after its brace', () => {
    const [first = ''] = wrap('"_meta":{…protocolVersion}', 12, '  ');
    expect(first.endsWith('{')).toBe(false);
  });
});
