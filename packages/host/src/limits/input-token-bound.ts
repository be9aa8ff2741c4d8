// An upper bound on the input tokens of a model request, for the tree budget's reservations. Host
// side. It must hold whatever the model's tokenizer, and it must cost O(what was appended) per call
// of a loop whose history only grows, not a serialisation of the whole request.

import type { Message, ModelRequest, ToolSpec } from '../model.js';

/**
 * What a request may cost on top of its bytes: the API's own framing (role markers, turn
 * separators, and the instructions an API adds when tools are offered).
 */
export const REQUEST_FRAMING_TOKENS = 64;
export const TOOLS_FRAMING_TOKENS = 512;
export const MESSAGE_FRAMING_TOKENS = 16;

/**
 * One token per UTF-8 byte of the request's JSON, plus framing, bounds the input count of every
 * byte-level tokenizer (each token stands for at least one byte of text, and JSON only adds bytes
 * to the text it quotes). It is about four times the usual count: safe, not tight.
 */
export function requestInputBound(request: BoundedRequest): number {
  return fixedPartBound(request) + messagesBound(request.messages, 0);
}

/**
 * The bound for one conversation (one agent's loop). After a call it keeps the input count the
 * model reported; the next request, which repeats that one and appends to it, is bounded by that
 * count plus the byte bound of what was appended. Each message is measured once. Anything that is
 * not an append (another system prompt or tool list, a rewritten message) falls back to the byte
 * bound of the whole request, so a wrong guess costs room, never the cap.
 */
export class InputTokenBound {
  #last: Observed | undefined;

  bound(request: BoundedRequest): number {
    const last = this.#last;
    if (last === undefined || !isAppendTo(last, request)) return requestInputBound(request);
    const appended = messagesBound(request.messages, last.length);
    const whole = fixedPartBound(request) + last.messagesBound + appended;
    return Math.min(whole, last.inputTokens + appended);
  }

  /** Records what the model counted for `request` (usage.inputTokens of its answer). */
  observe(request: BoundedRequest, inputTokens: number): void {
    const last = this.#last;
    const { messages } = request;
    const bound =
      last !== undefined && isAppendTo(last, request)
        ? last.messagesBound + messagesBound(messages, last.length)
        : messagesBound(messages, 0);
    this.#last = {
      system: request.system,
      tools: request.tools,
      messages,
      length: messages.length,
      lastMessage: messages.at(-1),
      messagesBound: bound,
      inputTokens,
    };
  }
}

type BoundedRequest = Pick<ModelRequest, 'system' | 'messages' | 'tools'>;

interface Observed {
  system: string | undefined;
  tools: ToolSpec[] | undefined;
  messages: Message[];
  length: number;
  lastMessage: Message | undefined;
  /** messagesBound of the observed messages, kept so the next bound adds only what was appended. */
  messagesBound: number;
  inputTokens: number;
}

/** True when `request` repeats the observed one and only appends messages to it. */
function isAppendTo(last: Observed, request: BoundedRequest): boolean {
  const { messages } = request;
  // Dropping the tool list (a last-chance report) only removes tokens; any other change starts over.
  const tools = request.tools === undefined || request.tools.length === 0 ? undefined : request.tools;
  if (request.system !== last.system || (tools !== undefined && tools !== last.tools)) return false;
  if (messages.length < last.length || messages[last.length - 1] !== last.lastMessage) return false;
  // The loop pushes onto one array; a copy with the same objects in front is an append as well.
  return (
    messages === last.messages ||
    last.messages.every((message, index) => index >= last.length || messages[index] === message)
  );
}

const messageBytes = new WeakMap<Message, number>();
const toolListBytes = new WeakMap<ToolSpec[], number>();

function fixedPartBound(request: Pick<ModelRequest, 'system' | 'tools'>): number {
  const tools = request.tools ?? [];
  let toolsBound = 0;
  if (tools.length > 0) {
    let bytes = toolListBytes.get(tools);
    if (bytes === undefined) {
      bytes = jsonBytes(tools);
      toolListBytes.set(tools, bytes);
    }
    toolsBound = bytes + TOOLS_FRAMING_TOKENS;
  }
  const systemBound = request.system === undefined ? 0 : systemBytes(request.system);
  return REQUEST_FRAMING_TOKENS + systemBound + toolsBound;
}

/** The last system prompt measured: a loop sends the same one every turn, so it is serialised once. */
let lastSystem: { text: string; bytes: number } | undefined;

function systemBytes(system: string): number {
  if (lastSystem?.text !== system) lastSystem = { text: system, bytes: jsonBytes(system) };
  return lastSystem.bytes;
}

/** Bound of messages[from..]: each message serialised once, then remembered. */
function messagesBound(messages: readonly Message[], from: number): number {
  let total = 0;
  for (let index = from; index < messages.length; index += 1) {
    const message = messages[index] as Message;
    let bytes = messageBytes.get(message);
    if (bytes === undefined) {
      bytes = jsonBytes(message);
      // Messages are treated as immutable once sent; the loop never edits one in place.
      messageBytes.set(message, bytes);
    }
    total += bytes + MESSAGE_FRAMING_TOKENS;
  }
  return total;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}
