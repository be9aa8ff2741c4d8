// Which lane (agent) each HTTP exchange of a run belongs to, read from the run's events and the
// wire records: a tools/call is matched to the tool-call event with the same server, tool and
// arguments; what a server asks inside that exchange, and the host's answer to it, go with it.
// App side: pure, over the host's WireRecord and LoopEvent.

import type { LoopEvent, WireRecord } from '@kitchen/host';

/** Exchange number → the agent id whose tool call it carried; exchanges of no call are absent. */
export function wireLanes(records: readonly WireRecord[], events: readonly LoopEvent[]): Map<number, string> {
  const waiting = new Map<string, string[]>();
  for (const event of events) {
    if (event.type !== 'tool-call' || event.server === 'local') continue;
    const key = callKey(event.server, event.serverTool ?? event.tool, event.input);
    waiting.set(key, [...(waiting.get(key) ?? []), event.agent]);
  }
  const lanes = new Map<number, string>();
  /** The lane of a call's last send: a 2026-07-28 retry (with the host's answers) is the same call. */
  const lastOfKey = new Map<string, string>();
  /** `server id` of a request the server sent inside a laned exchange → that lane. */
  const asked = new Map<string, string>();
  for (const record of [...records].sort((first, second) => first.seq - second.seq)) {
    if (record.kind === 'request') {
      const lane = requestLane(record.server, record.body, waiting, lastOfKey, asked);
      if (lane !== undefined) lanes.set(record.exchange, lane);
      continue;
    }
    const lane = lanes.get(record.exchange);
    const message = record.kind === 'event' ? record.data : record.body;
    if (lane !== undefined && isRecord(message) && typeof message['method'] === 'string' && 'id' in message)
      asked.set(`${record.server} ${String(message['id'])}`, lane);
  }
  return lanes;
}

function requestLane(
  server: string,
  body: unknown,
  waiting: Map<string, string[]>,
  lastOfKey: Map<string, string>,
  asked: Map<string, string>,
): string | undefined {
  if (!isRecord(body)) return undefined;
  if (body['method'] === 'tools/call' && isRecord(body['params'])) {
    const { name, arguments: input } = body['params'];
    const key = callKey(server, String(name), isRecord(input) ? input : {});
    const lane = waiting.get(key)?.shift() ?? lastOfKey.get(key);
    if (lane !== undefined) lastOfKey.set(key, lane);
    return lane;
  }
  if (body['method'] === undefined && 'id' in body) return asked.get(`${server} ${String(body['id'])}`);
  return undefined;
}

function callKey(server: string, tool: string, input: Record<string, unknown>): string {
  return `${server}\u0000${tool}\u0000${JSON.stringify(input)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
