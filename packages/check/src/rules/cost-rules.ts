// Cost: the tool list is sent with every request, so its tokens are paid on every turn of every
// run. Host side, pure: it reads the counts count-tool-list-tokens.ts made.

import type { TokenCountResult } from '../count-tool-list-tokens.js';
import { type Finding, finding } from '../finding.js';

/** Past this the tool list takes a tenth of a 200,000-token context before anyone has said a word. */
export const LARGE_TOOL_LIST_TOKENS = 20_000;
/** About a thousand tokens a tool is common; twice that is one tool worth a look. */
export const LARGE_TOOL_TOKENS = 2_000;

export function costFindings(counted: TokenCountResult): Finding[] {
  const { toolListTokens, tools } = counted;
  const how =
    toolListTokens.method === 'estimate'
      ? 'estimated, about 4 characters a token'
      : `counted for ${toolListTokens.model}`;
  const biggest = tools.slice(0, 3).map((tool) => `${tool.name} ${tool.tokens.toLocaleString('en-US')}`);
  const findings: Finding[] = [
    finding('cost/tool-list', {
      message: `The tool list costs ${toolListTokens.total.toLocaleString('en-US')} tokens on every request (${how}); biggest: ${biggest.join(', ') || 'no tools'}.`,
      fix: 'Shorter descriptions and smaller schemas cost less on every turn; so do fewer tools.',
    }),
  ];
  if (toolListTokens.total > LARGE_TOOL_LIST_TOKENS) {
    findings.push(
      finding('cost/tool-list-large', {
        message: `${toolListTokens.total.toLocaleString('en-US')} tokens for the tool list is more than ${LARGE_TOOL_LIST_TOKENS.toLocaleString('en-US')}, paid again on every turn.`,
        fix: 'Split the server by task, or trim the biggest tools first.',
      }),
    );
  }
  for (const tool of tools) {
    if (tool.tokens <= LARGE_TOOL_TOKENS) break;
    findings.push(
      finding('cost/tool-large', {
        tool: tool.name,
        message: `This tool alone costs ${tool.tokens.toLocaleString('en-US')} tokens on every request.`,
        fix: 'Shorten its description and schema: move long explanations into a resource or the result.',
      }),
    );
  }
  return findings;
}
