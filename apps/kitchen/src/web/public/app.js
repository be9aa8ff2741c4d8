// The kitchen's web page: picks a demo or a task, starts a run, streams its LoopEvents over SSE
// and draws one lane per agent; every run has an address (?run=ID) that shows it again, live from
// the kitchen or from its trace, and ?run=ID&replay=SPEED plays it again at a chosen speed. App
// side, in the browser. Every piece of server or model text
// goes in with textContent (never innerHTML): tool results and jar notes are untrusted.

import { createConnection } from './connection.js';
import { api, el, streamPath, whenControlsNeedHolding, whenUnreachable } from './dom.js';
import { setUpInspector } from './inspector.js';
import { drawEntry, drawLaneHeader, laneElement } from './lane-view.js';
import { cleanDisplayText, formatCents, formatDuration, formatTokens, shortenText, summaryLine } from './lane-words.js';
import { applyEvent, createRunView, foldEvents } from './lanes.js';
import { createQuestionWatch } from './question-watch.js';
import { renderReport } from './report-view.js';
import { setUpZoom } from './zoom.js';

const $ = (id) => document.getElementById(id);
const page = {
  kitchenLine: $('kitchen-line'),
  connection: $('connection'),
  announcer: $('announcer'),
  main: $('main'),
  form: $('task-form'),
  demo: $('demo'),
  pace: $('pace'),
  task: $('task'),
  run: $('run-button'),
  stop: $('stop-button'),
  problem: $('form-problem'),
  workerModel: $('worker-model'),
  workerTools: $('worker-tools'),
  runLine: $('run-line'),
  runLink: $('run-link'),
  runState: $('run-state'),
  runCost: $('run-cost'),
  treeText: $('tree-tokens-text'),
  treeMeter: $('tree-tokens'),
  lanes: $('lanes'),
  report: $('report'),
  reportWarning: $('report-warning'),
  reportText: $('report-text'),
  summary: $('summary'),
  recent: $('recent-runs'),
  recentList: $('recent-list'),
  replaySpeed: $('replay-speed'),
};

let kitchen = { maxTreeTokens: 600_000, model: '', demos: [] };
let inspector;
/** The run on the page: { runId, model, paceMs, view, laneElements, entryElements, source?, lastIndex, live, closed } */
let current;

function announce(text) {
  // One polite live region for the whole page; emptied first so the same words are read again.
  page.announcer.textContent = '';
  requestAnimationFrame(() => {
    page.announcer.textContent = cleanDisplayText(text);
  });
}

const connection = createConnection({
  status: page.connection,
  controls: page.main,
  announce,
  // Whatever found the kitchen gone, the run's stream is closed too; catchUp opens it again.
  onLost: () => current?.source?.close(),
  onBack: () => void catchUp(),
});
whenUnreachable(() => connection.lost());
whenControlsNeedHolding(() => connection.holdNewControls());

const questions = createQuestionWatch({
  banner: $('waiting-banner'),
  text: $('waiting-text'),
  go: $('waiting-go'),
  lanes: page.lanes,
  announce,
});

// ---- Runs and their addresses ----

async function startRun(task, replaceAddress = false) {
  page.problem.hidden = true;
  const workers = workerChoice();
  const { ok, data } = await api('/api/runs', {
    task,
    paceMs: Number(page.pace.value),
    ...(Object.keys(workers).length > 0 ? { workers } : {}),
  });
  if (!ok) return showProblem(data.error ?? 'The kitchen did not start the run.');
  setAddress(data.runId, replaceAddress);
  follow(data);
}

/** The run form's worker fields: a model name and the only tools workers get (empty: as configured). */
function workerChoice() {
  const model = page.workerModel.value.trim();
  const tools = page.workerTools.value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return { ...(model === '' ? {} : { model }), ...(tools.length === 0 ? {} : { tools }) };
}

/** Shows run `runId`: live from the kitchen when it has it, else from its trace, else says there is none. */
async function openRun(runId) {
  const live = await api(`/api/runs/${encodeURIComponent(runId)}`);
  if (live.ok) {
    page.task.value = live.data.task;
    return follow(live.data);
  }
  if (live.status === 0) return;
  const recorded = await api(`/api/traces/${encodeURIComponent(runId)}`);
  if (recorded.ok) return drawRecorded(recorded.data);
  reset(undefined);
  page.runLine.hidden = true;
  showProblem(
    `There is no run "${runId}" in this kitchen: not running, not kept in memory and no trace of it in its runs folder. Pick one of the recent runs, or start a new one.`,
  );
  page.recent.open = true;
}

function setAddress(runId, replace, replaySpeed) {
  const address = new URL(location.href);
  address.search = '';
  address.searchParams.set('run', runId);
  if (replaySpeed !== undefined) address.searchParams.set('replay', String(replaySpeed));
  if (replace) history.replaceState({ runId }, '', address);
  else history.pushState({ runId }, '', address);
}

function reset(run) {
  current?.source?.close();
  current = run;
  page.lanes.replaceChildren();
  page.lanes.classList.toggle('closed', run?.closed === true);
  page.report.hidden = true;
  page.problem.hidden = true;
  questions.reset();
}

/**
 * Plays a recorded run again from its trace (?run=ID&replay=SPEED): the kitchen streams its events
 * with the recorded gaps divided by the speed (0: all at once), and the page draws them as it
 * draws a live run. Nothing runs; the questions it shows were answered when it was recorded.
 */
async function replayRun(runId, speed) {
  // The trace says what the run was (task, model) and whether there is one at all.
  const recorded = await api(`/api/traces/${encodeURIComponent(runId)}`);
  if (!recorded.ok) {
    if (recorded.status === 0) return;
    reset(undefined);
    page.runLine.hidden = true;
    return showProblem(`There is no recorded run "${runId}" to replay. Pick one of the recent runs.`);
  }
  page.task.value = recorded.data.run.task;
  reset({
    runId,
    model: recorded.data.run.model.label,
    paceMs: 0,
    view: createRunView(),
    laneElements: new Map(),
    entryElements: new WeakMap(),
    lastIndex: -1,
    live: false,
    closed: false,
    replaySpeed: Number.isFinite(speed) && speed >= 0 ? speed : 1,
  });
  page.runLine.hidden = false;
  setRunning(false);
  drawRunLine(current);
  openStream(current);
}

function follow(described) {
  reset({
    runId: described.runId,
    model: described.model,
    paceMs: described.paceMs ?? 0,
    view: createRunView(),
    laneElements: new Map(),
    entryElements: new WeakMap(),
    lastIndex: -1,
    live: true,
    closed: false,
  });
  page.runLine.hidden = false;
  setRunning(true);
  drawRunLine(current);
  openStream(current);
}

function openStream(mine) {
  mine.source?.close();
  const after = mine.lastIndex >= 0 ? `?after=${mine.lastIndex}` : '';
  const path =
    mine.replaySpeed === undefined
      ? `/api/runs/${encodeURIComponent(mine.runId)}/events${after}`
      : `/api/traces/${encodeURIComponent(mine.runId)}/replay?speed=${mine.replaySpeed}`;
  const source = new EventSource(streamPath(path));
  mine.source = source;
  source.onmessage = (message) => {
    if (current !== mine) return;
    const index = Number(message.lastEventId);
    // A reconnect may resend what was drawn already; each event is drawn once.
    if (Number.isInteger(index) && index <= mine.lastIndex) return;
    if (Number.isInteger(index)) mine.lastIndex = index;
    const event = JSON.parse(message.data);
    draw(mine, applyEvent(mine.view, event), event);
  };
  // The server ends the stream after `done`; closing here stops EventSource from reconnecting.
  source.addEventListener('end', () => source.close());
  source.onerror = () => {
    if (current !== mine || mine.view.done) return;
    if (mine.replaySpeed !== undefined) {
      // A replay is not resumed: it says it stopped, and the run can be opened whole from its address.
      source.close();
      return showProblem(`The replay of ${mine.runId} stopped before its end; open the run to see it whole.`);
    }
    // Say so at once, and catch up ourselves when the kitchen answers again (see catchUp).
    source.close();
    connection.lost();
  };
}

/** The kitchen is back: follow the run from the last event drawn, or, after a restart, show its trace. */
async function catchUp() {
  void refreshRecent();
  inspector?.kitchenBack();
  const mine = current;
  if (mine === undefined || !mine.live || mine.view.done) return;
  const live = await api(`/api/runs/${encodeURIComponent(mine.runId)}`);
  if (current !== mine) return;
  if (live.ok) return openStream(mine);
  const recorded = await api(`/api/traces/${encodeURIComponent(mine.runId)}`);
  if (current !== mine) return;
  if (recorded.ok) return drawRecorded(recorded.data);
  setRunning(false);
  showProblem(`The kitchen restarted and has no record of run ${mine.runId}.`);
}

/** A run read back from its trace (or from a kitchen that restarted): every event, drawn at once. */
function drawRecorded(trace) {
  const view = foldEvents(trace.events);
  const closed = view.done === undefined;
  // A question nobody answered before the kitchen stopped can no longer be answered.
  for (const entry of view.questions.values()) if (entry.status === 'waiting') entry.status = 'abandoned';
  for (const lane of view.lanes) lane.waiting = 0;
  reset({
    runId: trace.run.id,
    model: trace.run.model.label,
    paceMs: 0,
    view,
    laneElements: new Map(),
    entryElements: new WeakMap(),
    lastIndex: trace.events.length - 1,
    live: false,
    closed,
  });
  page.task.value = trace.run.task;
  page.runLine.hidden = false;
  for (const lane of view.lanes) {
    const parts = laneElement(current, lane, page.lanes, stopLane);
    for (const entry of lane.entries) drawEntry(current, parts, entry);
    drawLaneHeader(parts, lane, current);
  }
  drawRunLine(current);
  setRunning(false);
  if (view.done) drawReport(current, view.done);
  else {
    page.report.hidden = false;
    page.reportWarning.hidden = false;
    page.reportWarning.textContent =
      '⚠️ unfinished: the kitchen stopped before this run ended; this is what its trace recorded.';
    page.reportText.replaceChildren();
    page.summary.textContent = '';
  }
  questions.update(view, runWord(current));
}

function setRunning(running) {
  page.run.disabled = running || !connection.online;
  page.stop.hidden = !running;
  page.stop.disabled = !connection.online;
  page.demo.disabled = running;
}

function showProblem(text) {
  page.problem.textContent = cleanDisplayText(text);
  page.problem.hidden = false;
  announce(text);
}

// ---- Drawing: each change touches only its lane and its entry ----

function draw(run, change, event) {
  if (change.lane) {
    const lane = laneElement(run, change.lane, page.lanes, stopLane);
    if (change.entry) drawEntry(run, lane, change.entry);
    drawLaneHeader(lane, change.lane, run);
  }
  if (change.also) drawEntry(run, laneElement(run, change.also.lane, page.lanes, stopLane), change.also.entry);
  drawRunLine(run);
  if (event.type === 'done') {
    drawReport(run, event);
    void refreshRecent();
  }
  questions.update(run.view, runWord(run));
  connection.holdNewControls();
}

function runWord(run) {
  if (!run) return undefined;
  if (run.view.done) return run.view.done.stopReason === 'end_turn' ? '✅ done' : '⚠️ stopped';
  if (run.closed) return '⚠️ unfinished';
  return '⏳ running';
}

function drawRunLine(run) {
  const { view } = run;
  const lanes = view.lanes.length;
  const ended = view.lanes.filter((lane) => lane.status === 'ended').length;
  const state = view.done
    ? view.done.stopReason === 'end_turn'
      ? '✅ done'
      : `⚠️ stopped (${view.done.stopReason})`
    : run.closed
      ? '⚠️ unfinished (the kitchen stopped)'
      : '⏳ running';
  page.runLink.textContent = run.runId;
  page.runLink.href = `?run=${encodeURIComponent(run.runId)}`;
  const pace = run.paceMs > 0 ? ` · pace ${formatDuration(run.paceMs)} per model call` : '';
  const recorded =
    run.replaySpeed !== undefined
      ? ` · 📼 replay ${run.replaySpeed === 0 ? 'all at once' : `at ${run.replaySpeed}×`}`
      : run.live
        ? ''
        : ' · from its trace';
  page.runState.textContent = `${state} · ${lanes} ${lanes === 1 ? 'lane' : 'lanes'}, ${ended} ended${pace}${recorded}`;
  const spent = view.done ? view.done.tokens : view.treeTokens;
  const max = kitchen.maxTreeTokens;
  page.treeText.textContent = `tree tokens ${formatTokens(spent)} of ${formatTokens(max)}`;
  // The meter turns amber past half the budget and red past 80%.
  page.treeMeter.max = max;
  page.treeMeter.low = max * 0.5;
  page.treeMeter.high = max * 0.8;
  page.treeMeter.optimum = 0;
  page.treeMeter.value = spent;
  const waited = view.lanes.reduce((sum, lane) => sum + lane.waitedMs, 0);
  const cents = view.done ? view.done.costCents : view.costCents + view.samplingCents;
  page.runCost.textContent = `${formatCents(cents)}${view.samplingCents ? ` (sampling ${formatCents(view.samplingCents)})` : ''}${waited > 0 ? ` · ✋ ${formatDuration(waited)} waiting for you` : ''}`;
}

function drawReport(run, done) {
  setRunning(false);
  page.report.hidden = false;
  page.reportWarning.hidden = done.stopReason === 'end_turn';
  page.reportWarning.textContent =
    done.stopReason === 'end_turn'
      ? ''
      : `⚠️ stopped early (${done.stopReason})${done.detail ? `: ${cleanDisplayText(done.detail)}` : ''}`;
  const text = cleanDisplayText(done.finalText).trim();
  page.reportText.replaceChildren(text === '' ? el('p', '', '(the model gave no report)') : renderReport(text));
  page.summary.textContent = summaryLine(done, {
    startedAt: run.view.startedAt,
    model: run.model,
    maxTreeTokens: kitchen.maxTreeTokens,
    samplingCents: run.view.samplingCents,
  });
  if (run.live) announce(`The run ${done.stopReason === 'end_turn' ? 'is done' : `stopped (${done.stopReason})`}.`);
}

async function stopLane(run, agent, button) {
  button.disabled = true;
  const { ok, data, status } = await api(
    `/api/runs/${encodeURIComponent(run.runId)}/lanes/${encodeURIComponent(agent)}/stop`,
    {},
  );
  if (!ok && status !== 0) showProblem(data.error ?? 'The kitchen did not stop the lane.');
}

// ---- Recent runs ----

async function refreshRecent() {
  const { ok, data } = await api('/api/traces');
  if (!ok) return;
  const items = (data.runs ?? []).slice(0, 12).map((run) => {
    const link = el('a', '', shortenText(run.task, 70));
    link.href = `?run=${encodeURIComponent(run.id)}`;
    link.addEventListener('click', (clicked) => {
      clicked.preventDefault();
      setAddress(run.id, false);
      void openRun(run.id);
    });
    const when = new Date(run.startedAt).toLocaleString();
    const replay = el('button', 'secondary replay', '▶ replay');
    replay.type = 'button';
    replay.setAttribute('aria-label', `Replay ${shortenText(run.task, 70)}`);
    replay.addEventListener('click', () => {
      const speed = Number(page.replaySpeed.value);
      setAddress(run.id, false, speed);
      void replayRun(run.id, speed);
    });
    return el(
      'li',
      '',
      undefined,
      link,
      ' ',
      replay,
      el(
        'span',
        'recent-about',
        ` · ${run.outcome} · ${formatTokens(run.tokens)} tokens · ${formatCents(run.costCents)} · ${when}`,
      ),
    );
  });
  page.recentList.replaceChildren(...(items.length > 0 ? items : [el('li', '', 'No recorded runs yet.')]));
}

// ---- Presenter controls ----

function fillDemos() {
  const options = kitchen.demos.map((demo) => {
    const option = el('option', '', demo.label);
    option.value = demo.id;
    return option;
  });
  const own = el('option', '', 'Your own task');
  own.value = 'own';
  page.demo.replaceChildren(...options, own);
}

page.demo.addEventListener('change', () => {
  const demo = kitchen.demos.find((candidate) => candidate.id === page.demo.value);
  if (demo) page.task.value = demo.task;
  else page.task.focus();
});
page.task.addEventListener('input', () => {
  const demo = kitchen.demos.find((candidate) => candidate.task === page.task.value);
  page.demo.value = demo?.id ?? 'own';
});
page.pace.addEventListener('change', () => sessionStorage.setItem('kitchen-pace', page.pace.value));

page.form.addEventListener('submit', (submitted) => {
  submitted.preventDefault();
  void startRun(page.task.value);
});
page.stop.addEventListener('click', async () => {
  if (!current) return;
  page.stop.disabled = true;
  const { ok, status, data } = await api(`/api/runs/${encodeURIComponent(current.runId)}/abort`, {});
  if (!ok && status !== 0 && status !== 409) showProblem(data.error ?? 'The kitchen did not stop the run.');
});
window.addEventListener('popstate', () => {
  const params = new URLSearchParams(location.search);
  const runId = params.get('run');
  if (runId && params.has('replay')) void replayRun(runId, Number(params.get('replay')));
  else if (runId) void openRun(runId);
});

// ---- Start-up ----

async function boot() {
  setUpZoom($('zoom-out'), $('zoom-in'), $('zoom-level'));
  inspector = setUpInspector($('inspector'), $('inspector-body'));
  connection.show();
  const params = new URLSearchParams(location.search);
  const info = await api('/api/kitchen');
  if (!info.ok) {
    if (info.status !== 0) showProblem(info.data.error ?? 'The kitchen did not answer.');
    return;
  }
  kitchen = info.data;
  page.kitchenLine.textContent = cleanDisplayText(
    `${kitchen.toolbox} · 🧠 ${kitchen.model} · seed ${kitchen.seed}, ${kitchen.jars} jars`,
  );
  fillDemos();
  const savedPace = sessionStorage.getItem('kitchen-pace');
  if (savedPace !== null && [...page.pace.options].some((option) => option.value === savedPace))
    page.pace.value = savedPace;
  page.task.value = params.get('task') ?? kitchen.demoTask;
  page.workerModel.value = kitchen.workers?.model ?? '';
  if (kitchen.workers?.tools?.kind === 'restrict') page.workerTools.value = kitchen.workers.tools.tools.join(', ');
  page.task.dispatchEvent(new Event('input'));
  void refreshRecent();
  const runId = params.get('run');
  if (runId && params.has('replay')) return replayRun(runId, Number(params.get('replay')));
  if (runId) return openRun(runId);
  // An autorun link runs once: the address becomes the run's, so a reload shows it instead.
  if (params.get('autorun') === '1') return startRun(page.task.value, true);
  if (kitchen.currentRun) {
    setAddress(kitchen.currentRun.runId, true);
    return openRun(kitchen.currentRun.runId);
  }
}

void boot();
