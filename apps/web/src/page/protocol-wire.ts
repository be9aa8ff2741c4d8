// What the protocol view shows of a run's wire (GET /api/runs/:id/wire), and how it is sifted:
// by server, by lane, with or without what crossed while the servers connected; and each
// record's one-line summary. App side, in the browser; pure, so the filters are tested alone.

/** One record of the host's WireRecorder, with the lane whose tool call it carried. */
export interface WireEntry {
  kind: 'request' | 'response' | 'event';
  seq: number;
  exchange: number;
  server: string;
  lane?: string;
  method?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  data?: unknown;
  event?: string;
  id?: string;
  error?: string;
}

export interface RunWire {
  runId: string;
  finished: boolean;
  records: WireEntry[];
  connecting: WireEntry[];
  servers: Array<{ name: string; location: string; stderr: string[] }>;
}

/** The lane filter's choices besides an agent id. */
export const ANY = '';
/** Exchanges that carried no agent's tool call: listing, notifications, streams. */
export const NO_LANE = '-';

/** What crossed while the servers connected, before the first run: initialize or server/discover, the tool lists. */
export const CONNECTING = '+';

export interface WireFilter {
  server: string;
  /** An agent id, ANY, NO_LANE, or CONNECTING. */
  lane: string;
}

export function filterWire(wire: RunWire, filter: WireFilter): WireEntry[] {
  const records = filter.lane === CONNECTING ? wire.connecting : wire.records;
  if (filter.lane === CONNECTING)
    return records.filter((record) => filter.server === ANY || record.server === filter.server);
  return records.filter(
    (record) =>
      (filter.server === ANY || record.server === filter.server) &&
      (filter.lane === ANY || (record.lane ?? NO_LANE) === filter.lane),
  );
}

/** The lanes that appear in the run's records, in the order they first do. */
export function lanesOf(wire: RunWire): string[] {
  return [...new Set(wire.records.map((record) => record.lane).filter((lane) => lane !== undefined))];
}

/** "→ POST tools/call #3", "← 200 text/event-stream", "⇠ event: notifications/progress". */
export function summarize(record: WireEntry): string {
  switch (record.kind) {
    case 'request':
      return `→ ${record.method ?? 'POST'} ${describeMessage(record.body) || '(no body)'}`;
    case 'response':
      return record.status === 0
        ? `← no answer: ${record.error ?? 'the connection failed'}`
        : `← ${record.status} ${record.headers?.['content-type'] ?? ''} ${describeMessage(record.body)}`.trimEnd();
    case 'event':
      return `⇠ event${record.id === undefined ? '' : ` ${record.id}`}: ${describeMessage(record.data) || '(priming, no data)'}`;
  }
}

/** The message the record carried (its body, or its SSE data). */
export function messageOf(record: WireEntry): unknown {
  return record.kind === 'event' ? record.data : record.body;
}

function describeMessage(message: unknown): string {
  if (Array.isArray(message)) return `batch of ${message.length}`;
  if (typeof message !== 'object' || message === null) return message === undefined ? '' : String(message);
  const fields = message as Record<string, unknown>;
  const id = fields['id'] === undefined ? '' : ` #${String(fields['id'])}`;
  if (typeof fields['method'] === 'string') {
    const params = fields['params'] as Record<string, unknown> | undefined;
    const name = typeof params?.['name'] === 'string' ? ` ${params['name']}` : '';
    return `${fields['method']}${name}${id}`;
  }
  if ('error' in fields) return `error${id}`;
  if ('result' in fields) return `result${id}`;
  return '';
}
