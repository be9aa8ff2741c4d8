// A tool call that runs as a task (the tasks extension, `@modelcontextprotocol/ext-tasks`): the
// server answers tools/call with a task, the host follows its status, answers its input requests
// (a form, a model call) through the same handlers as any call, cancels it when the call is
// stopped (tasks/cancel) and collects its result. Host side, at the wire. A task runs on the
// session the host already holds with the server, over HTTP or stdio: on 2025-11-25 the requests
// go out on the v1 client as they are (tasks/session-port-2025.ts).

import {
  resultFromTaskOutcome,
  TaskCancelledError,
  type TaskEnabledSession,
  toolDeclarationFromMcpTool,
  withTasks,
} from '@modelcontextprotocol/ext-tasks/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { TaskStatusEvent } from '../loop-event.js';
import type { ToolCallContext } from '../tool-types.js';
import type { CallTool } from './remote-tool-call.js';
import { sessionPort2025 } from './tasks/session-port-2025.js';
import type { TaskSession2026 } from './tasks/task-session-2026.js';

/** How a tool says it may be called: "required" tools only as tasks, "optional" ones either way. */
export function taskSupportOf(tool: Tool | undefined): 'forbidden' | 'optional' | 'required' {
  return tool?.execution?.taskSupport ?? 'forbidden';
}

export interface TaskSessions {
  /** The CallTool that runs `tool` as a task on the server behind `client`, its status in `context`'s lane. */
  callTool(server: string, client: Client, tool: Tool, context: ToolCallContext): CallTool;
}

/** A task's status as the lane is told it. */
export interface TaskStatus {
  taskId: string;
  status: TaskStatusEvent['status'];
  statusMessage?: string;
}

/** One task session per 2025-11-25 client, made on its first task call and gone with the client. */
export function createTaskSessions(options: { log: (server: string, text: string) => void }): TaskSessions {
  const sessions = new WeakMap<Client, TaskEnabledSession<ToolCallContext>>();
  const sessionFor = (server: string, client: Client) => {
    let session = sessions.get(client);
    if (session === undefined) {
      session = taskSession2025(client, server, (text) => options.log(server, text));
      sessions.set(client, session);
    }
    return session;
  };
  return {
    callTool: (server, client, tool, context) => (params, callOptions) =>
      runAsTask(sessionFor(server, client), tool, params, callOptions, (task) =>
        context.emit({
          type: 'task-status',
          agent: context.agent.id,
          callId: context.callId,
          tool: params.name,
          server,
          ...task,
        }),
      ),
  };
}

/**
 * The CallTool for a 2026-07-28 server that declares the tasks extension: every call goes through
 * it, since the server, not the tool list, decides which calls become tasks. An immediate answer
 * (or an input_required round) is handled as any call's; the call's progress reaches its lane.
 */
export function callThroughTasks2026(
  tasks: TaskSession2026,
  server: string,
  tool: Tool,
  context: ToolCallContext,
): CallTool {
  return async (params, callOptions) => {
    const progressToken = `kitchen-progress-${context.callId}`;
    const stop = tasks.followProgress(progressToken, callOptions.onprogress);
    try {
      return await runAsTask(
        tasks.session,
        tool,
        params,
        callOptions,
        (task) =>
          context.emit({
            type: 'task-status',
            agent: context.agent.id,
            callId: context.callId,
            tool: params.name,
            server,
            ...task,
          }),
        { applicationContext: context, metadata: { ...tasks.requestMeta, progressToken } },
      );
    } finally {
      stop();
    }
  };
}

/** A task session on a 2025-11-25 client the caller holds; its own problems go to `log`. */
export function taskSession2025<Context>(
  client: Client,
  server: string,
  log: (text: string) => void,
): TaskEnabledSession<Context> {
  return withTasks<Context>(sessionPort2025(client, server), {
    // Each call brings its tool's declaration: the session need not list the tools itself.
    tools: { currentTool: () => undefined },
    // The session's own problems (a notification it could not match) are the server's log lines.
    onError: (error) => log(`task session: ${error.message}`),
  });
}

/**
 * Calls `tool` as a task and waits for its result; `onStatus` hears each status move once.
 * Stopping the call (its signal) cancels the task on the server (tasks/cancel).
 */
export async function runAsTask<Context>(
  session: TaskEnabledSession<Context>,
  tool: Tool,
  params: Parameters<CallTool>[0],
  callOptions: Pick<Parameters<CallTool>[1], 'signal' | 'timeout'>,
  onStatus: (task: TaskStatus) => void,
  extra: { applicationContext?: Context; metadata?: Record<string, string> } = {},
): Promise<CallToolResult> {
  // Until the server has answered tools/call, stopping the call stops that request (an immediate
  // answer is never waited for); once it has made a task, stopping cancels the task (tasks/cancel).
  const request = new AbortController();
  let cancel = () => request.abort(callOptions.signal.reason);
  const onAbort = () => cancel();
  if (callOptions.signal.aborted) onAbort();
  else callOptions.signal.addEventListener('abort', onAbort, { once: true });
  let execution: Awaited<ReturnType<typeof session.callTool>>;
  try {
    execution = await session.callTool(params.name, params.arguments as never, {
      declaration: toolDeclarationFromMcpTool(tool as never),
      ...(extra.applicationContext === undefined ? {} : { applicationContext: extra.applicationContext }),
      ...(extra.metadata === undefined ? {} : { metadata: extra.metadata }),
      task: { preference: taskSupportOf(tool) === 'required' ? 'require' : 'prefer' },
      requestTimeoutMs: callOptions.timeout,
      resetTimeoutOnProgress: true,
      signal: request.signal,
    });
  } catch (error) {
    callOptions.signal.removeEventListener('abort', onAbort);
    throw error;
  }
  const made = execution;
  cancel = () => void made.cancel().catch(() => undefined);
  if (callOptions.signal.aborted) cancel();
  // The same status may be observed twice (a notification and a poll): it is told once.
  let lastShown = '';
  try {
    const { outcome } = await execution.settle({
      onEvent: (event) => {
        const task = event.type === 'task' ? event.task : event.outcome.task;
        if (task === undefined) return;
        const shown = `${task.status}\n${task.statusMessage ?? ''}`;
        if (shown === lastShown) return;
        lastShown = shown;
        onStatus({
          taskId: String(task.taskId),
          status: task.status,
          ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
        });
      },
    });
    try {
      return resultFromTaskOutcome(outcome) as CallToolResult;
    } catch (error) {
      if (error instanceof TaskCancelledError) {
        return { isError: true, content: [{ type: 'text', text: 'The task was cancelled before it finished.' }] };
      }
      throw error;
    }
  } finally {
    callOptions.signal.removeEventListener('abort', onAbort);
  }
}
