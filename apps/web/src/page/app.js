// The kitchen's web page: picks a demo or a task, starts a run, streams its LoopEvents over SSE
// and draws one lane per agent; every run has an address (?run=ID) that shows it again, live from
// the kitchen or from its trace, and ?run=ID&replay=SPEED plays it again at a chosen speed. This
// file follows the run on the page; the parts it draws with sit beside it. App side, in the
// browser. Every piece of server or model text goes in with textContent (never innerHTML): tool
// results and jar notes are untrusted.

import { createConnection } from './connection.js';
import { api, whenControlsNeedHolding, whenUnreachable } from './dom.js';
import { setUpInspector } from './inspector.js';
import { drawEntry, drawLaneHeader, laneElement } from './lane-view.js';
import { cleanDisplayText } from './lane-words.js';
import { createRunView, foldEvents } from './lanes.js';
import { findPageElements } from './page-elements.js';
import { createQuestionWatch } from './question-watch.js';
import { refreshRecentRuns } from './recent-runs.js';
import { drawReport, drawUnfinishedReport } from './report-panel.js';
import { addressedRun, setRunAddress } from './run-address.js';
import { drawRunLine, runWord } from './run-line-view.js';
import { openRunStream } from './run-stream.js';
import { setUpTaskForm } from './task-form.js';
import { setUpZoom } from './zoom.js';

const page = findPageElements();

let kitchen = { maxTreeTokens: 600_000, model: '', demos: [] };
let inspector;
/** The run on the page: { runId, model, paceMs, view, laneElements, entryElements, source?, lastIndex, live, closed, replaySpeed? } */
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
  banner: page.waitingBanner,
  text: page.waitingText,
  go: page.waitingGo,
  lanes: page.lanes,
  announce,
});

const taskForm = setUpTaskForm(page);

// ---- Runs and their addresses ----

/** A run to show: nothing drawn yet, its events folded into `view` from `lastIndex` on. */
function pageRun({ runId, model, paceMs, view = createRunView(), lastIndex = -1, live, closed = false, replaySpeed }) {
  return {
    runId,
    model,
    paceMs,
    view,
    laneElements: new Map(),
    entryElements: new WeakMap(),
    lastIndex,
    live,
    closed,
    ...(replaySpeed === undefined ? {} : { replaySpeed }),
  };
}

async function startRun(task, replaceAddress = false) {
  page.problem.hidden = true;
  const { ok, data } = await api('/api/runs', taskForm.runRequest(task));
  if (!ok) return showProblem(data.error ?? 'The kitchen did not start the run.');
  setRunAddress(data.runId, replaceAddress);
  follow(data);
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

/** Shows the run an address names (see run-address.js). */
function showAddressedRun({ runId, replaySpeed }) {
  return replaySpeed === undefined ? openRun(runId) : replayRun(runId, replaySpeed);
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
  reset(
    pageRun({
      runId,
      model: recorded.data.run.model.label,
      paceMs: 0,
      live: false,
      replaySpeed: Number.isFinite(speed) && speed >= 0 ? speed : 1,
    }),
  );
  page.runLine.hidden = false;
  setRunning(false);
  drawRunLine(page, current, kitchen.maxTreeTokens);
  openStream(current);
}

function follow(described) {
  reset(pageRun({ runId: described.runId, model: described.model, paceMs: described.paceMs ?? 0, live: true }));
  page.runLine.hidden = false;
  setRunning(true);
  drawRunLine(page, current, kitchen.maxTreeTokens);
  openStream(current);
}

function openStream(mine) {
  openRunStream(mine, {
    isShown: () => current === mine,
    draw: (change, event) => draw(mine, change, event),
    showProblem,
    lost: () => connection.lost(),
  });
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
  reset(
    pageRun({
      runId: trace.run.id,
      model: trace.run.model.label,
      paceMs: 0,
      view,
      lastIndex: trace.events.length - 1,
      live: false,
      closed,
    }),
  );
  page.task.value = trace.run.task;
  page.runLine.hidden = false;
  for (const lane of view.lanes) {
    const parts = laneElement(current, lane, page.lanes, stopLane);
    for (const entry of lane.entries) drawEntry(current, parts, entry);
    drawLaneHeader(parts, lane, current);
  }
  drawRunLine(page, current, kitchen.maxTreeTokens);
  setRunning(false);
  if (view.done) finish(current, view.done);
  else drawUnfinishedReport(page);
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
  drawRunLine(page, run, kitchen.maxTreeTokens);
  if (event.type === 'done') {
    finish(run, event);
    void refreshRecent();
  }
  questions.update(run.view, runWord(run));
  connection.holdNewControls();
}

/** The run ended with `done`: the controls are free again and the report is drawn (and, live, announced). */
function finish(run, done) {
  setRunning(false);
  drawReport(page, run, done, kitchen.maxTreeTokens);
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

function refreshRecent() {
  return refreshRecentRuns({
    list: page.recentList,
    speed: page.replaySpeed,
    open: (runId) => {
      setRunAddress(runId, false);
      void openRun(runId);
    },
    replay: (runId, speed) => {
      setRunAddress(runId, false, speed);
      void replayRun(runId, speed);
    },
  });
}

// ---- The form, the stop button and the address bar ----

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
  const addressed = addressedRun(new URLSearchParams(location.search));
  if (addressed) void showAddressedRun(addressed);
});

// ---- Start-up ----

async function boot() {
  setUpZoom(page.zoomOut, page.zoomIn, page.zoomLevel);
  inspector = setUpInspector(page.inspector, page.inspectorBody);
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
  taskForm.fill(kitchen, params.get('task') ?? kitchen.demoTask);
  void refreshRecent();
  const addressed = addressedRun(params);
  if (addressed) return showAddressedRun(addressed);
  // An autorun link runs once: the address becomes the run's, so a reload shows it instead.
  if (params.get('autorun') === '1') return startRun(page.task.value, true);
  if (kitchen.currentRun) {
    setRunAddress(kitchen.currentRun.runId, true);
    return openRun(kitchen.currentRun.runId);
  }
}

void boot();
