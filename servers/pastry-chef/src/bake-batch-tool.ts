// bake_batch: a batch bakes for minutes, so it runs as a task when the host can take one (the
// 2026-07-28 tasks extension: the call is answered with a task at once, tasks/get follows each
// stage, tasks/cancel turns the oven off), and as a plain call with progress when it cannot.
// Server side: the tool, the extension's capability and its two requests.

import { errorToolResult as errorResult } from '@kitchen/server-kit';
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type BakeTasks, UnknownBatchError } from './bake-tasks.js';
import { DEFAULT_BAKE_MINUTES } from './pastry.js';

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const TERMINAL = new Set(['completed', 'cancelled', 'failed']);

export function registerBakeBatch(server: McpServer, oven: BakeTasks): void {
  server.server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } } as never);
  const byId = { params: z.looseObject({ taskId: z.string() }) };
  const unknown = (error: unknown) => {
    // -32602: the id names no task here (never made, or collected and forgotten).
    if (error instanceof UnknownBatchError) throw Object.assign(new Error(error.message), { code: -32602 });
    throw error;
  };
  server.server.setRequestHandler(
    'tasks/get' as never,
    byId as never,
    (async ({ taskId }: { taskId: string }) => {
      try {
        return oven.get(taskId);
      } catch (error) {
        return unknown(error);
      }
    }) as never,
  );
  server.server.setRequestHandler(
    'tasks/cancel' as never,
    byId as never,
    (async ({ taskId }: { taskId: string }) => {
      try {
        oven.cancel(taskId);
        return {};
      } catch (error) {
        return unknown(error);
      }
    }) as never,
  );

  server.registerTool(
    'bake_batch',
    {
      title: 'Bake a batch',
      description:
        `Bakes a batch of one pastry. Long: minutes of oven time (default ${DEFAULT_BAKE_MINUTES}). ` +
        'Runs as a task when the host takes tasks (its status follows each stage), else reports progress.',
      inputSchema: z.object({
        pastry: z.string().min(1).max(80).describe('What to bake, e.g. "croissant"'),
        count: z.number().int().min(1).max(48).describe('How many, 1..48'),
        minutes: z
          .number()
          .int()
          .min(1)
          .max(180)
          .optional()
          .describe(`Oven time in minutes (default ${DEFAULT_BAKE_MINUTES})`),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ pastry, count, minutes }, ctx): Promise<CallToolResult> => {
      const task = oven.start({ pastry, count, minutes: minutes ?? DEFAULT_BAKE_MINUTES });
      const extensions = server.server.getClientCapabilities()?.extensions as Record<string, unknown> | undefined;
      if (extensions?.[TASKS_EXTENSION] !== undefined) {
        // The task itself is the answer: the host asks after it with tasks/get.
        return { resultType: 'task', ...task } as unknown as CallToolResult;
      }
      // A host without tasks waits on this call; it hears each stage as progress.
      const progressToken = ctx.mcpReq._meta?.progressToken;
      let step = 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, task.pollIntervalMs));
        if (ctx.mcpReq.signal.aborted) oven.cancel(task.taskId);
        const now = oven.get(task.taskId);
        if (progressToken !== undefined && now.statusMessage !== task.statusMessage) {
          step += 1;
          task.statusMessage = now.statusMessage;
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: {
              progressToken,
              progress: step,
              ...(now.statusMessage === undefined ? {} : { message: now.statusMessage }),
            },
          });
        }
        if (TERMINAL.has(now.status)) {
          if (now.status === 'completed' && now.result !== undefined) return now.result as CallToolResult;
          return errorResult(now.statusMessage ?? `The batch ended ${now.status}.`);
        }
      }
    },
  );
}
