// The comparison's tables as plain text (terminal) and Markdown (the report file).

import type { CaseResult } from './run-case.js';

const COLUMNS = ['side', 'correct', 'score', 'iterations', 'tool calls', 'tokens', 'cost', 'wall time', 'workers'];

function row(result: CaseResult, side: string): string[] {
  return [
    side,
    result.correct ? 'yes' : 'no',
    result.score.toFixed(2),
    String(result.iterations),
    String(result.toolCalls),
    result.tokens.toLocaleString('en-US'),
    `${result.costCents.toFixed(1)}¢`,
    `${Math.round(result.wallMs)} ms`,
    String(result.workers),
  ];
}

/** One Markdown table for a case: spawn_agent withheld, then offered. */
export function caseTable(
  title: string,
  withheld: CaseResult,
  offered: CaseResult,
  labels = ['withheld', 'offered'],
): string {
  const lines = [
    `### ${title}`,
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `| ${COLUMNS.map(() => '---').join(' | ')} |`,
    `| ${row(withheld, labels[0] ?? 'withheld').join(' | ')} |`,
    `| ${row(offered, labels[1] ?? 'offered').join(' | ')} |`,
  ];
  return `${lines.join('\n')}\n`;
}
