// The protocol view, for people building a server: the JSON-RPC messages and HTTP exchanges of
// the run on the page, as the kitchen's wire recorder saw them, filterable by server and lane,
// downloadable as JSON, with each server's stderr. App side, in the browser; every message goes
// in with textContent (renderJson).

import { api, el } from './dom.js';
import { renderJson } from './json-view.js';
import {
  ANY,
  CONNECTING,
  filterWire,
  lanesOf,
  messageOf,
  NO_LANE,
  type RunWire,
  summarize,
  type WireEntry,
  type WireFilter,
} from './protocol-wire.js';
import { addressedRun } from './run-address.js';

/** Rows drawn at most (the last ones): a 500-jar run crosses thousands; Export has them all. */
export const MOST_ROWS = 200;
/** How often an open view asks again while the run goes on. */
const LIVE_REFRESH_MS = 3000;

/** Adds the protocol panel after `before` and fills it when it is opened. */
export function setUpProtocolView(before: HTMLElement): void {
  const panel = el(
    'details',
    'protocol',
    undefined,
    el('summary', '', '📡 Protocol: the JSON-RPC messages and HTTP exchanges of this run, and the servers’ stderr'),
  );
  panel.id = 'protocol';
  const server = select('protocol-server', 'Server');
  const lane = select('protocol-lane', 'Lane');
  const refresh = button('protocol-refresh', 'Refresh');
  const download = button('protocol-export', 'Export JSON');
  const count = el('p', 'protocol-count');
  count.id = 'protocol-count';
  const rows = el('ol', 'protocol-rows');
  rows.id = 'protocol-rows';
  const stderr = el('div', 'protocol-stderr');
  stderr.id = 'protocol-stderr';
  panel.append(
    el('div', 'protocol-controls', undefined, server.label, lane.label, refresh, download),
    count,
    rows,
    stderr,
  );
  before.after(panel);

  let wire: RunWire | undefined;
  const opened = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const filter = (): WireFilter => ({
    server: server.select.value,
    lane: lane.select.value,
  });
  const draw = () => {
    if (wire === undefined) return;
    const shown = filterWire(wire, filter());
    const drawn = shown.slice(-MOST_ROWS);
    count.textContent =
      shown.length > drawn.length
        ? `${shown.length} records; the last ${drawn.length} shown (Export has them all)`
        : `${shown.length} records`;
    rows.replaceChildren(...drawn.map((record) => row(record, opened)));
    drawStderr(stderr, wire, server.select.value);
  };
  const load = async () => {
    clearTimeout(timer);
    const runId = addressedRun(new URLSearchParams(location.search))?.runId;
    if (runId === undefined) {
      wire = undefined;
      count.textContent = 'No run on the page: start one, and its exchanges show here.';
      rows.replaceChildren();
      return;
    }
    const { ok, data } = await api<RunWire>(`/api/runs/${encodeURIComponent(runId)}/wire`);
    if (!ok) {
      wire = undefined;
      count.textContent = data.error ?? 'The kitchen did not answer.';
      rows.replaceChildren();
      return;
    }
    if (wire?.runId !== data.runId) opened.clear();
    wire = data;
    fill(
      server.select,
      data.servers.map((known) => known.name),
      'every server',
    );
    fill(lane.select, [...lanesOf(data), NO_LANE, CONNECTING], 'every lane', laneWords);
    draw();
    if (!data.finished && panel.open) timer = setTimeout(() => void load(), LIVE_REFRESH_MS);
  };
  panel.addEventListener('toggle', () => (panel.open ? void load() : clearTimeout(timer)));
  refresh.addEventListener('click', () => void load());
  for (const control of [server.select, lane.select]) control.addEventListener('change', draw);
  download.addEventListener('click', () => {
    if (wire !== undefined) exportWire(wire, filter());
  });
}

function laneWords(lane: string): string {
  if (lane === NO_LANE) return 'no lane (listing, notifications, streams)';
  if (lane === CONNECTING) return 'while the servers connected, before any run';
  return lane === 'main' ? 'main (the head cook)' : `lane ${lane}`;
}

/** `opened`: the rows a person opened (by seq), kept open when the view is drawn again. */
function row(record: WireEntry, opened: Set<number>): HTMLElement {
  const message = messageOf(record);
  const head = el(
    'summary',
    `protocol-line ${record.kind}`,
    undefined,
    el('span', 'protocol-seq', `${record.seq}`),
    el('span', 'protocol-server', record.server),
    el('span', 'protocol-lane', record.lane ?? ''),
    el('span', 'protocol-what', summarize(record)),
  );
  const details = el('details', '', undefined, head);
  const item = el('li', '', undefined, details);
  item.dataset.server = record.server;
  item.dataset.lane = record.lane ?? NO_LANE;
  // The headers and the message are drawn when the row is opened: most never are.
  let drawn = false;
  const drawMessage = () => {
    if (drawn) return;
    drawn = true;
    if (message !== undefined) details.append(renderJson(message));
    if (record.headers !== undefined && Object.keys(record.headers).length > 0)
      details.append(el('div', 'protocol-headers', undefined, renderJson(record.headers)));
  };
  details.addEventListener('toggle', () => {
    if (details.open) {
      opened.add(record.seq);
      drawMessage();
    } else opened.delete(record.seq);
  });
  if (opened.has(record.seq)) {
    details.open = true;
    drawMessage();
  }
  return item;
}

function drawStderr(container: HTMLElement, wire: RunWire, server: string): void {
  const servers = wire.servers.filter((known) => server === ANY || known.name === server);
  container.replaceChildren(
    ...servers.map((known) =>
      el(
        'section',
        '',
        undefined,
        el('h4', '', `${known.name} stderr`),
        known.stderr.length === 0
          ? el('p', 'protocol-count', `${known.name} wrote nothing to stderr (${known.location}).`)
          : el('pre', 'protocol-stderr-text', known.stderr.join('\n')),
      ),
    ),
  );
}

/** Downloads what the filters show, every record of it, as one JSON file. */
function exportWire(wire: RunWire, filter: WireFilter): void {
  const file = JSON.stringify(
    { runId: wire.runId, filter, records: filterWire(wire, filter), servers: wire.servers },
    null,
    2,
  );
  const link = el('a');
  link.href = URL.createObjectURL(new Blob([file], { type: 'application/json' }));
  link.download = `kitchen-wire-${wire.runId}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

function select(id: string, words: string): { label: HTMLLabelElement; select: HTMLSelectElement } {
  const choice = el('select');
  choice.id = id;
  return { label: el('label', '', `${words} `, choice), select: choice };
}

function button(id: string, words: string): HTMLButtonElement {
  const made = el('button', 'secondary', words);
  made.type = 'button';
  made.id = id;
  return made;
}

/** Refills a <select> with `choices` after the "any" one, keeping what was chosen when it is still there. */
function fill(choice: HTMLSelectElement, choices: string[], any: string, words = (value: string) => value): void {
  const chosen = choice.value;
  choice.replaceChildren(option(ANY, any), ...choices.map((value) => option(value, words(value))));
  choice.value = [ANY, ...choices].includes(chosen) ? chosen : ANY;
}

function option(value: string, words: string): HTMLOptionElement {
  const made = el('option', '', words);
  made.value = value;
  return made;
}
