// A tool call that runs as a task (the tasks extension, `@modelcontextprotocol/ext-tasks`): the
// server answers tools/call with a task, the host follows its status, answers its input requests
// (a form, a model call) through the same handlers as any call, cancels it when the call is
// stopped and collects its result. Host side, at the wire. The package drives a v2 SDK client, so a
// task runs on a session of its own to the server (opened once per server, on first use).

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  type ApplicationInputRequest,
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  TaskCancelledError,
  type TaskEnabledSession,
  toolDeclarationFromMcpTool,
} from '@modelcontextprotocol/ext-tasks/client';
import type { CallToolResult, CreateMessageRequest, ElicitRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallContext } from '../tool-types.js';
import type { CallTool } from './remote-tool-call.js';
import type { Root, ServerRequestHandlers } from './server-requests.js';

/** How a tool says it may be called: "required" tools only as tasks, "optional" ones either way. */
export function taskSupportOf(tool: Tool | undefined): 'forbidden' | 'optional' | 'required' {
  return tool?.execution?.taskSupport ?? 'forbidden';
}

export interface TaskSessions {
  /** The CallTool that runs `tool` as a task on `server`, its status and input requests in `context`'s lane. */
  callTool(server: TaskServer, tool: Tool, context: ToolCallContext): CallTool;
  close(): Promise<void>;
}

export interface TaskServer {
  name: string;
  url: string;
}

export interface TaskSessionsOptions {
  clientName: string;
  clientVersion: string;
  handlers: ServerRequestHandlers | undefined;
  /** The folders the host offers as roots, read when a task asks for them. */
  roots: () => Root[];
  /** Where a task session's own problems go (a request it could not match to a task), as the server's log lines. */
  log: (server: string, text: string) => void;
}

/** One task session per server, opened on its first task call and closed with the toolbox. */
export function createTaskSessions(options: TaskSessionsOptions): TaskSessions {
  const sessions = new Map<string, Promise<{ client: Client; session: TaskEnabledSession<ToolCallContext> }>>();
  const open = (server: TaskServer) => {
    let opened = sessions.get(server.name);
    if (opened === undefined) {
      opened = openSession(server, options);
      // A session that failed to open is tried again on the next call.
      opened.catch(() => sessions.delete(server.name));
      sessions.set(server.name, opened);
    }
    return opened;
  };
  return {
    callTool: (server, tool, context) => async (params, callOptions) => {
      const { session } = await open(server);
      const execution = await session.callTool(params.name, params.arguments as never, {
        declaration: toolDeclarationFromMcpTool(tool as never),
        applicationContext: context,
        task: { preference: taskSupportOf(tool) === 'required' ? 'require' : 'prefer' },
        requestTimeoutMs: callOptions.timeout,
        resetTimeoutOnProgress: true,
      });
      // Stopping the call cancels the task on the server (tasks/cancel), not only the wait here.
      const cancel = () => void execution.cancel().catch(() => undefined);
      callOptions.signal.addEventListener('abort', cancel, { once: true });
      // The same status may be observed twice (a notification and a poll): the lane is told once.
      let lastShown = '';
      try {
        const { outcome } = await execution.settle({
          onEvent: (event) => {
            const task = event.type === 'task' ? event.task : event.outcome.task;
            if (task === undefined) return;
            const shown = `${task.status}\n${task.statusMessage ?? ''}`;
            if (shown === lastShown) return;
            lastShown = shown;
            context.emit({
              type: 'task-status',
              agent: context.agent.id,
              callId: context.callId,
              tool: params.name,
              server: server.name,
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
        callOptions.signal.removeEventListener('abort', cancel);
      }
    },
    async close() {
      const opened = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(
        opened.map(async (pending) => {
          const { client, session } = await pending;
          await session.close().catch(() => undefined);
          await client.close();
        }),
      );
    },
  };
}

async function openSession(
  server: TaskServer,
  options: TaskSessionsOptions,
): Promise<{ client: Client; session: TaskEnabledSession<ToolCallContext> }> {
  const { handlers } = options;
  const client = new Client(
    { name: options.clientName, version: options.clientVersion },
    {
      capabilities: {
        ...(handlers?.sampling === undefined ? {} : { sampling: {} }),
        ...(handlers?.elicitation === undefined ? {} : { elicitation: { form: {} } }),
      },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  // The session's errors (the client's own and the package's) are the server's log lines, not stack traces.
  client.onerror = (error) => options.log(server.name, `task session: ${error.message}`);
  const session = createTaskSessionFromClient<ToolCallContext>(client, {
    endpointId: server.name,
    onError: (error) => options.log(server.name, `task session: ${error.message}`),
    // A task's input requests are the server's questions: the same handlers answer them, in the
    // lane of the call that made the task.
    onInputRequest: (async (
      request: ApplicationInputRequest,
      exchange: { applicationContext: ToolCallContext; signal?: AbortSignal },
    ) => {
      const context = exchange.applicationContext;
      const signal = exchange.signal ?? context.signal;
      if (request.kind === 'sampling') {
        if (handlers?.sampling === undefined) throw new Error('This host does not answer sampling requests.');
        return handlers.sampling(server.name, request.params as CreateMessageRequest['params'], context, signal);
      }
      if (request.kind === 'elicitation') {
        if (handlers?.elicitation === undefined) return { action: 'decline' };
        return handlers.elicitation(server.name, request.params as ElicitRequest['params'], context, signal);
      }
      return { roots: options.roots() };
    }) as never,
  });
  return { client, session };
}
