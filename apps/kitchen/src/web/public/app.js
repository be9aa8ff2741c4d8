// The kitchen's web page: starts a run, streams its LoopEvents over SSE and draws one lane per
// agent. App side, in the browser. Every piece of server or model text goes in with textContent
// (never innerHTML): tool results and jar notes are untrusted.

import { api, el, streamPath } from './dom.js';
import { renderEntry } from './entry-view.js';
import { cleanDisplayText, formatTokens, laneStatusText, laneTitle, shortenText, summaryLine } from './lane-words.js';
import { applyEvent, createRunView } from './lanes.js';

const $ = (id) => document.getElementById(id);
const page = {
  kitchenLine: $('kitchen-line'),
  form: $('task-form'),
  task: $('task'),
  run: $('run-button'),
  stop: $('stop-button'),
  problem: $('form-problem'),
  runLine: $('run-line'),
  runState: $('run-state'),
  treeText: $('tree-tokens-text'),
  treeMeter: $('tree-tokens'),
  lanes: $('lanes'),
  report: $('report'),
  reportWarning: $('report-warning'),
  reportText: $('report-text'),
  summary: $('summary'),
};

let kitchen = { maxTreeTokens: 600_000, model: '' };
let current; // { runId, model, view, source, laneElements: Map, entryElements: WeakMap }

// ---- Starting and following a run ----

async function startRun(task) {
  page.problem.hidden = true;
  const { ok, data } = await api('/api/runs', { task });
  if (!ok) return showProblem(data.error ?? 'The kitchen did not start the run.');
  follow(data.runId, data.model);
}

function follow(runId, model) {
  current?.source?.close();
  current = { runId, model, view: createRunView(), laneElements: new Map(), entryElements: new WeakMap() };
  page.lanes.replaceChildren();
  page.report.hidden = true;
  page.runLine.hidden = false;
  setRunning(true);
  drawRunLine(current);
  const source = new EventSource(streamPath(`/api/runs/${encodeURIComponent(runId)}/events`));
  current.source = source;
  const mine = current;
  source.onmessage = (message) => {
    if (current !== mine) return;
    const event = JSON.parse(message.data);
    draw(mine, applyEvent(mine.view, event), event);
  };
  // The server ends the stream after `done`; closing here stops EventSource from reconnecting.
  source.addEventListener('end', () => source.close());
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED && current === mine && !mine.view.done)
      showProblem('Lost the connection to the kitchen.');
  };
}

function setRunning(running) {
  page.run.disabled = running;
  page.stop.hidden = !running;
  page.stop.disabled = false;
}

function showProblem(text) {
  page.problem.textContent = cleanDisplayText(text);
  page.problem.hidden = false;
}

// ---- Drawing: each change touches only its lane and its entry ----

function draw(run, change, event) {
  if (change.lane) {
    const lane = laneElement(run, change.lane);
    if (change.entry) {
      const known = run.entryElements.get(change.entry);
      const fresh = renderEntry(change.entry);
      const stick = lane.entries.scrollHeight - lane.entries.scrollTop - lane.entries.clientHeight < 40;
      if (known) known.replaceWith(fresh);
      else lane.entries.append(fresh);
      run.entryElements.set(change.entry, fresh);
      if (stick) lane.entries.scrollTop = lane.entries.scrollHeight;
    }
    drawLaneHeader(lane, change.lane);
  }
  drawRunLine(run);
  if (event.type === 'done') drawReport(run, event);
}

function laneElement(run, lane) {
  let parts = run.laneElements.get(lane.id);
  if (parts) return parts;
  const title = el('h2', 'lane-title');
  const status = el('span', 'lane-status');
  const task = el('p', 'lane-task');
  const entries = el('ol', 'lane-entries');
  const final = el('p', 'lane-final');
  final.hidden = true;
  const root = el(
    'article',
    `lane${lane.id === 'main' ? ' lane-main' : ''}`,
    undefined,
    el('header', 'lane-header', undefined, title, status),
    task,
    entries,
    final,
  );
  root.dataset.agent = lane.id;
  parts = { root, title, status, task, entries, final };
  run.laneElements.set(lane.id, parts);
  if (lane.id === 'main') page.lanes.prepend(root);
  else page.lanes.append(root);
  return parts;
}

function drawLaneHeader(parts, lane) {
  parts.title.textContent = laneTitle(lane);
  parts.status.textContent = laneStatusText(lane);
  const tone =
    lane.status === 'running'
      ? lane.waiting > 0
        ? 'waiting'
        : 'running'
      : lane.stopReason === 'end_turn'
        ? 'ok'
        : 'warn';
  parts.status.className = `lane-status ${tone}`;
  parts.task.textContent = shortenText(lane.task, 180);
  parts.task.title = cleanDisplayText(lane.task);
  // A worker's report usually is its last text already; show it apart only when it is not.
  const saidLast = lane.entries.findLast((entry) => entry.kind === 'text')?.text;
  if (lane.status === 'ended' && lane.id !== 'main' && lane.finalText && lane.finalText.trim() !== saidLast?.trim()) {
    parts.final.textContent = shortenText(lane.finalText, 400);
    parts.final.hidden = false;
  }
}

function drawRunLine(run) {
  const { view } = run;
  const lanes = view.lanes.length;
  const ended = view.lanes.filter((lane) => lane.status === 'ended').length;
  const state = view.done
    ? view.done.stopReason === 'end_turn'
      ? '✅ done'
      : `⚠️ stopped (${view.done.stopReason})`
    : '⏳ running';
  page.runState.textContent = `${run.runId} · ${state} · ${lanes} ${lanes === 1 ? 'lane' : 'lanes'}, ${ended} ended`;
  const spent = view.done ? view.done.tokens : view.treeTokens;
  page.treeText.textContent = `tree tokens ${formatTokens(spent)} of ${formatTokens(kitchen.maxTreeTokens)}`;
  page.treeMeter.max = kitchen.maxTreeTokens;
  page.treeMeter.value = spent;
}

function drawReport(run, done) {
  setRunning(false);
  page.report.hidden = false;
  page.reportWarning.hidden = done.stopReason === 'end_turn';
  page.reportWarning.textContent =
    done.stopReason === 'end_turn'
      ? ''
      : `⚠️ stopped early (${done.stopReason})${done.detail ? `: ${cleanDisplayText(done.detail)}` : ''}`;
  page.reportText.textContent = cleanDisplayText(done.finalText).trim() || '(the model gave no report)';
  page.summary.textContent = summaryLine(done, {
    startedAt: run.view.startedAt,
    model: run.model,
    maxTreeTokens: kitchen.maxTreeTokens,
    samplingCents: run.view.samplingCents,
  });
}

// ---- Start-up ----

page.form.addEventListener('submit', (submitted) => {
  submitted.preventDefault();
  void startRun(page.task.value);
});
page.stop.addEventListener('click', async () => {
  if (!current) return;
  page.stop.disabled = true;
  await api(`/api/runs/${encodeURIComponent(current.runId)}/abort`, {});
});

async function boot() {
  const params = new URLSearchParams(location.search);
  const info = await api('/api/kitchen');
  if (!info.ok) return showProblem(info.data.error ?? 'The kitchen did not answer.');
  kitchen = info.data;
  page.kitchenLine.textContent = cleanDisplayText(
    `${kitchen.toolbox} · 🧠 ${kitchen.model} · seed ${kitchen.seed}, ${kitchen.jars} jars`,
  );
  page.task.value = params.get('task') ?? kitchen.demoTask;
  const runId = params.get('run') ?? kitchen.currentRun?.runId;
  if (runId) {
    const run = await api(`/api/runs/${encodeURIComponent(runId)}`);
    if (run.ok) {
      page.task.value = run.data.task;
      return follow(run.data.runId, run.data.model);
    }
  }
  if (params.get('autorun') === '1') void startRun(page.task.value);
}

void boot();
