// What the host keeps of the lists a server offers: the tools the model may be offered, and the
// resource URIs and prompt names that clash checks need. Host side, at the wire, in either era.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerFeatures } from './server-features.js';

/**
 * The tools the model may be offered. A tool whose execution.taskSupport is "required" must be
 * called as a task (tool-level negotiation). The host runs tasks (wire/task-tool-call.ts) on a
 * 2025-11-25 session, over HTTP or stdio (`tasks: true`); where it does not, such a tool would only
 * ever fail, so it is left out.
 */
export function offeredTools(tools: Tool[], where: { tasks: boolean } = { tasks: false }): Tool[] {
  return where.tasks ? tools : tools.filter((tool) => tool.execution?.taskSupport !== 'required');
}

/**
 * The resource URIs and prompt names a server lists, to find the ones another server lists too. A
 * server that fails to list them still offers its tools: the names are only for the clash check.
 */
export async function featureNames(
  features: ServerFeatures,
): Promise<{ resourceUris: string[]; promptNames: string[] }> {
  const [resources, prompts] = await Promise.all([
    features.listResources().catch(() => []),
    features.listPrompts().catch(() => []),
  ]);
  return { resourceUris: resources.map((resource) => resource.uri), promptNames: prompts.map((prompt) => prompt.name) };
}
