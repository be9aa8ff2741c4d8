// One run's LoopEvents turned into OpenTelemetry spans that follow the GenAI semantic conventions:
// `invoke_agent` per agent (a worker's under the spawn_agent call that hired it), `chat` per model
// call, `execute_tool` per tool call. Runtime side: the host core only reports events; the same stream
// the trace writer reads is all this needs, so the host stays free of OpenTelemetry.

import type { LoopEvent } from '@kitchen/host';
import {
  type Attributes,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { RunStart } from '../kitchen-host.js';

/** The longest error text put on a span's status. */
const STATUS_MESSAGE_CHARS = 300;

interface AgentSpan {
  span: Span;
  /** When this agent's pending model call began (its iteration-start), if one is open. */
  callStartedAt: number | undefined;
  /** The agent's last event: a model call without an iteration-start (a last chance, a report fix) began after it. */
  lastAt: number;
  modelSeen: boolean;
}

export class EventSpans {
  readonly #agents = new Map<string, AgentSpan>();
  readonly #tools = new Map<string, Span>();
  readonly #sampling = new Map<string, Span>();
  readonly #provider: string;

  constructor(
    readonly tracer: Tracer,
    readonly run: RunStart,
  ) {
    this.#provider = providerOf(run.model.id);
  }

  event(event: LoopEvent): void {
    const agent = this.#agents.get(event.agent);
    switch (event.type) {
      case 'agent-start':
        this.#startAgent(event);
        return;
      case 'iteration-start':
        // A call still open here never answered; the new one starts now.
        if (agent !== undefined) agent.callStartedAt = event.at;
        break;
      case 'usage':
        if (agent !== undefined) this.#chat(agent, event);
        break;
      case 'tool-call': {
        const parent = agent?.span;
        const span = this.tracer.startSpan(
          `execute_tool ${event.tool}`,
          {
            kind: SpanKind.INTERNAL,
            startTime: new Date(event.at),
            attributes: {
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': event.tool,
              'gen_ai.tool.call.id': event.callId,
              'gen_ai.tool.type': event.server === 'local' ? 'function' : 'extension',
              'kitchen.server': event.server,
            },
          },
          parent === undefined ? ROOT_CONTEXT : trace.setSpan(ROOT_CONTEXT, parent),
        );
        this.#tools.set(toolKey(event.agent, event.callId), span);
        break;
      }
      case 'tool-result': {
        const key = toolKey(event.agent, event.callId);
        const span = this.#tools.get(key);
        if (span === undefined) break;
        this.#tools.delete(key);
        if (event.isError) {
          span.setAttribute('error.type', 'tool_error');
          span.setStatus({ code: SpanStatusCode.ERROR, message: event.content.slice(0, STATUS_MESSAGE_CHARS) });
        }
        span.end(new Date(event.at));
        break;
      }
      case 'approval-request':
      case 'approval-response': {
        const span = event.callId === undefined ? undefined : this.#tools.get(toolKey(event.agent, event.callId));
        span?.addEvent(
          event.type,
          event.type === 'approval-request'
            ? { 'kitchen.reason': event.reason }
            : { 'kitchen.decision': event.decision, 'kitchen.answered_by': event.by },
          new Date(event.at),
        );
        break;
      }
      case 'sampling-request':
        this.#startSampling(event);
        break;
      case 'sampling-response':
        this.#endSampling(event);
        break;
      case 'agent-end':
        if (agent !== undefined) this.#endAgent(event, agent);
        return;
      case 'done':
        this.#endAll(event.at);
        return;
      default:
        break;
    }
    if (agent !== undefined) agent.lastAt = event.at;
  }

  #startAgent(event: Extract<LoopEvent, { type: 'agent-start' }>): void {
    const hiredBy = event.callId === undefined ? undefined : this.#tools.get(toolKey(event.parent ?? '', event.callId));
    const parent = hiredBy ?? (event.parent === undefined ? undefined : this.#agents.get(event.parent)?.span);
    const attributes: Attributes = {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.id': event.agent,
      'gen_ai.agent.name': event.name,
      'gen_ai.conversation.id': this.run.id,
      'kitchen.agent.depth': event.depth,
    };
    if (event.parent === undefined) {
      attributes['gen_ai.provider.name'] = this.#provider;
      attributes['gen_ai.request.model'] = this.run.model.id;
    }
    const span = this.tracer.startSpan(
      `invoke_agent ${event.name}`,
      { kind: SpanKind.INTERNAL, startTime: new Date(event.at), attributes },
      parent === undefined ? ROOT_CONTEXT : trace.setSpan(ROOT_CONTEXT, parent),
    );
    this.#agents.set(event.agent, {
      span,
      callStartedAt: undefined,
      lastAt: event.at,
      modelSeen: event.parent === undefined,
    });
  }

  #chat(agent: AgentSpan, event: Extract<LoopEvent, { type: 'usage' }>): void {
    if (!agent.modelSeen) {
      // A worker's model is known once it answers (it may be another model than the main agent's).
      agent.span.setAttribute('gen_ai.request.model', event.model);
      agent.span.setAttribute('gen_ai.provider.name', providerOf(event.model));
      agent.modelSeen = true;
    }
    const span = this.tracer.startSpan(
      `chat ${event.model}`,
      {
        kind: SpanKind.CLIENT,
        startTime: new Date(agent.callStartedAt ?? agent.lastAt),
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': providerOf(event.model),
          'gen_ai.request.model': event.model,
          'gen_ai.response.model': event.model,
          'gen_ai.usage.input_tokens': event.inputTokens,
          'gen_ai.usage.output_tokens': event.outputTokens,
          ...(event.stopReason === undefined ? {} : { 'gen_ai.response.finish_reasons': [event.stopReason] }),
          'kitchen.cost_cents': event.costCents,
        },
      },
      trace.setSpan(ROOT_CONTEXT, agent.span),
    );
    span.end(new Date(event.at));
    agent.callStartedAt = undefined;
  }

  #startSampling(event: Extract<LoopEvent, { type: 'sampling-request' }>): void {
    const parent =
      (event.callId === undefined ? undefined : this.#tools.get(toolKey(event.agent, event.callId))) ??
      this.#agents.get(event.agent)?.span;
    const span = this.tracer.startSpan(
      `chat ${this.run.model.id}`,
      {
        kind: SpanKind.CLIENT,
        startTime: new Date(event.at),
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': this.#provider,
          'gen_ai.request.model': this.run.model.id,
          'gen_ai.request.max_tokens': event.maxTokens,
          'kitchen.sampling.server': event.server,
        },
      },
      parent === undefined ? ROOT_CONTEXT : trace.setSpan(ROOT_CONTEXT, parent),
    );
    this.#sampling.set(event.requestId, span);
  }

  #endSampling(event: Extract<LoopEvent, { type: 'sampling-response' }>): void {
    const span = this.#sampling.get(event.requestId);
    if (span === undefined) return;
    this.#sampling.delete(event.requestId);
    span.setAttributes({
      'gen_ai.usage.input_tokens': event.inputTokens,
      'gen_ai.usage.output_tokens': event.outputTokens,
      'kitchen.cost_cents': event.costCents,
      'kitchen.sampling.outcome': event.outcome,
    });
    if (event.outcome !== 'answered') {
      span.setAttribute('error.type', event.outcome === 'denied' ? 'sampling_denied' : 'sampling_failed');
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.reason ?? event.outcome });
    }
    span.end(new Date(event.at));
  }

  #endAgent(event: Extract<LoopEvent, { type: 'agent-end' }>, agent: AgentSpan): void {
    // A model call that never answered: the one that failed, or the one the run was stopped in.
    if (agent.callStartedAt !== undefined) {
      const failed = this.tracer.startSpan(
        `chat ${this.run.model.id}`,
        {
          kind: SpanKind.CLIENT,
          startTime: new Date(agent.callStartedAt),
          attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': this.#provider },
        },
        trace.setSpan(ROOT_CONTEXT, agent.span),
      );
      if (event.stopReason === 'error') {
        failed.setAttribute('error.type', event.error?.code ?? 'error');
        failed.setStatus({
          code: SpanStatusCode.ERROR,
          message: (event.error?.message ?? event.finalText).slice(0, STATUS_MESSAGE_CHARS),
        });
      }
      failed.end(new Date(event.at));
      agent.callStartedAt = undefined;
    }
    for (const [key, span] of this.#tools) {
      if (!key.startsWith(`${event.agent} `)) continue;
      span.end(new Date(event.at));
      this.#tools.delete(key);
    }
    agent.span.setAttributes({
      'kitchen.agent.stop_reason': event.stopReason,
      'kitchen.agent.iterations': event.iterations,
      'kitchen.agent.tool_calls': event.toolCalls,
      'kitchen.agent.tokens': event.tokens,
      'kitchen.cost_cents': event.costCents,
    });
    if (event.stopReason === 'error') {
      agent.span.setAttribute('error.type', event.error?.code ?? 'error');
      agent.span.setStatus({
        code: SpanStatusCode.ERROR,
        message: (event.error?.message ?? event.finalText).slice(0, STATUS_MESSAGE_CHARS),
      });
    }
    agent.span.end(new Date(event.at));
    this.#agents.delete(event.agent);
  }

  /** The run's done: anything still open (a stop in the middle of a turn) ends here. */
  #endAll(at: number): void {
    for (const span of [...this.#sampling.values(), ...this.#tools.values()]) span.end(new Date(at));
    for (const agent of this.#agents.values()) agent.span.end(new Date(at));
    this.#sampling.clear();
    this.#tools.clear();
    this.#agents.clear();
  }
}

function toolKey(agent: string, callId: string): string {
  return `${agent} ${callId}`;
}

/** gen_ai.provider.name: "anthropic" for Claude models; the kitchen's own name for the offline model. */
function providerOf(modelId: string): string {
  return modelId.startsWith('claude') ? 'anthropic' : 'kitchen.offline';
}
