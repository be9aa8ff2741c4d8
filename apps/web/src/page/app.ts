// The kitchen's web page: picks a demo or a task, starts a run, streams its LoopEvents over SSE
// and draws one lane per agent; every run has an address (?run=ID) that shows it again, live from
// the kitchen or from its trace, and ?run=ID&replay=SPEED plays it again at a chosen speed. This
// file follows the run on the page; the parts it draws with sit beside it. App side, in the
// browser. Every piece of server or model text goes in with textContent (never innerHTML): tool
// results and jar notes are untrusted.

import { recheckServer } from './check-view.js';
import { createConnection } from './connection.js';
import { api, el, whenControlsNeedHolding, whenUnreachable } from './dom.js';
import { setUpEvalEntry } from './eval-entry.js';
import { setEvalAddress, showEval } from './eval-view.js';
import { setUpInspector } from './inspector.js';
import type { KitchenAbout, RunAbout, RunTrace } from './kitchen-api.js';
import { drawEntry, drawLaneHeader, laneElement, lanesAreCompact, showEveryEntry } from './lane-view.js';
import { cleanDisplayText, outcomeWords } from './lane-words.js';
import { type DoneEvent, foldEvents, type Lane } from './lanes.js';
import { findPageElements } from './page-elements.js';
import { type PageRun, pageRun } from './page-run.js';
import { setUpProtocolView } from './protocol-view.js';
import { createQuestionWatch } from './question-watch.js';
import { refreshRecentRuns } from './recent-runs.js';
import { drawReport, drawUnfinishedReport } from './report-panel.js';
import { type AddressedRun, addressedRun, setRunAddress } from './run-address.js';
import { drawRunLine, runWord } from './run-line-view.js';
import { openRunStream } from './run-stream.js';
import { downNote, type ServerNews, type ServerNewsState, serversDown } from './server-news.js';
import { followServerNews } from './server-news-view.js';
import { setUpTaskForm } from './task-form.js';
import { setUpThemeSwitch } from './theme.js';
import { setUpZoom } from './zoom.js';

const page = findPageElements();

/** What the kitchen says of itself (GET /api/kitchen); until it answers, enough to draw with. */
let kitchen: Pick<KitchenAbout, 'maxTreeTokens' | 'model' | 'demos'> = { maxTreeTokens: 600_000, model: '', demos: [] };
let inspector: ReturnType<typeof setUpInspector> | undefined;
/** The run on the page. */
let current: PageRun | undefined;
/** The eval on the page (?eval=ID), drawn in its own board above the lanes. */
let shownEval: ReturnType<typeof showEval> | undefined;
const evalBoard = el('section', 'eval-board');
evalBoard.id = 'eval-board';
evalBoard.hidden = true;
page.lanes.before(evalBoard);
/** The toolbox line as the kitchen said it at the start; which servers are down is added to it. */
let toolboxLine = '';
/** What the page has heard about the servers (server-news-view.ts); undefined until the kitchen answers. */
let serverNews: ServerNewsState | undefined;

function announce(text: string): void {
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

async function startRun(task: string, replaceAddress = false): Promise<void> {
  page.problem.hidden = true;
  const { ok, data } = await api<RunAbout>('/api/runs', taskForm.runRequest(task));
  if (!ok) return showProblem(data.error ?? 'The kitchen did not start the run.');
  setRunAddress(data.runId, replaceAddress);
  follow(data);
}

/** Shows run `runId`: live from the kitchen when it has it, else from its trace, else says there is none. */
async function openRun(runId: string): Promise<void> {
  const live = await api<RunAbout>(`/api/runs/${encodeURIComponent(runId)}`);
  if (live.ok) {
    page.task.value = cleanDisplayText(live.data.task);
    return follow(live.data);
  }
  if (live.status === 0) return;
  const recorded = await api<RunTrace>(`/api/traces/${encodeURIComponent(runId)}`);
  if (recorded.ok) return drawRecorded(recorded.data);
  reset(undefined);
  page.runLine.hidden = true;
  showProblem(
    `There is no run "${runId}" in this kitchen: not running, not kept in memory and no trace of it in its runs folder. Pick one of the recent runs, or start a new one.`,
  );
  page.recent.open = true;
}

/** Shows the run an address names (see run-address.ts). */
function showAddressedRun({ runId, replaySpeed }: AddressedRun): Promise<void> {
  return replaySpeed === undefined ? openRun(runId) : replayRun(runId, replaySpeed);
}

function reset(run: PageRun | undefined): void {
  shownEval?.close();
  shownEval = undefined;
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
async function replayRun(runId: string, speed: number): Promise<void> {
  // The trace says what the run was (task, model) and whether there is one at all.
  const recorded = await api<RunTrace>(`/api/traces/${encodeURIComponent(runId)}`);
  if (!recorded.ok) {
    if (recorded.status === 0) return;
    reset(undefined);
    page.runLine.hidden = true;
    return showProblem(`There is no recorded run "${runId}" to replay. Pick one of the recent runs.`);
  }
  page.task.value = cleanDisplayText(recorded.data.run.task);
  const replay = pageRun({
    runId,
    model: recorded.data.run.model.label,
    paceMs: 0,
    live: false,
    replaySpeed: Number.isFinite(speed) && speed >= 0 ? speed : 1,
  });
  reset(replay);
  page.runLine.hidden = false;
  setRunning(false);
  drawRunLine(page, replay, kitchen.maxTreeTokens);
  openStream(replay);
}

function follow(described: RunAbout): void {
  const followed = pageRun({
    runId: described.runId,
    model: described.model,
    paceMs: described.paceMs ?? 0,
    live: true,
  });
  if (serverNews !== undefined) followed.serversDown = new Set(serversDown(serverNews));
  reset(followed);
  page.runLine.hidden = false;
  setRunning(true);
  drawRunLine(page, followed, kitchen.maxTreeTokens);
  openStream(followed);
}

function openStream(mine: PageRun): void {
  openRunStream(mine, {
    isShown: () => current === mine,
    placeLane: (lane) => laneElement(mine, lane, page.lanes, stopLane),
    drawEntry: (lane, entry) => drawEntry(mine, laneElement(mine, lane, page.lanes, stopLane), lane, entry),
    drawFrame: (lanes, done) => drawFrame(mine, lanes, done),
    showProblem,
    lost: () => connection.lost(),
  });
}

/** The kitchen is back: follow the run from the last event drawn, or, after a restart, show its trace. */
async function catchUp(): Promise<void> {
  void refreshRecent();
  inspector?.kitchenBack();
  const mine = current;
  if (mine === undefined || !mine.live || mine.view.done) return;
  const live = await api<RunAbout>(`/api/runs/${encodeURIComponent(mine.runId)}`);
  if (current !== mine) return;
  if (live.ok) return openStream(mine);
  const recorded = await api<RunTrace>(`/api/traces/${encodeURIComponent(mine.runId)}`);
  if (current !== mine) return;
  if (recorded.ok) return drawRecorded(recorded.data);
  setRunning(false);
  showProblem(`The kitchen restarted and has no record of run ${mine.runId}.`);
}

/** A run read back from its trace (or from a kitchen that restarted): every event, drawn at once. */
function drawRecorded(trace: RunTrace): void {
  const view = foldEvents(trace.events);
  const closed = view.done === undefined;
  // A question nobody answered before the kitchen stopped can no longer be answered.
  for (const entry of view.questions.values()) if (entry.status === 'waiting') entry.status = 'abandoned';
  for (const lane of view.lanes) lane.waiting = 0;
  const recorded = pageRun({
    runId: trace.run.id,
    model: trace.run.model.label,
    paceMs: 0,
    view,
    lastIndex: trace.events.length - 1,
    live: false,
    closed,
  });
  reset(recorded);
  page.task.value = cleanDisplayText(trace.run.task);
  page.runLine.hidden = false;
  for (const lane of view.lanes) {
    const parts = laneElement(recorded, lane, page.lanes, stopLane);
    for (const entry of lane.entries) drawEntry(recorded, parts, lane, entry);
    drawLaneHeader(parts, lane, recorded);
  }
  fitLanes(recorded);
  drawRunLine(page, recorded, kitchen.maxTreeTokens);
  setRunning(false);
  if (view.done) finish(recorded, view.done);
  else drawUnfinishedReport(page);
  questions.update(view, runWord(recorded));
}

/** Shows eval `evalId` (see eval-view.ts) in place of a run. */
function openEval(evalId: string): void {
  reset(undefined);
  page.runLine.hidden = true;
  shownEval = showEval(evalId, { board: evalBoard, announce, showProblem, lost: () => connection.lost() });
}

/** Few lanes at their full size; many compact, so a room sees them all at once. */
function fitLanes(run: PageRun): void {
  page.lanes.classList.toggle('compact', lanesAreCompact(run));
}

function setRunning(running: boolean): void {
  page.run.disabled = running || !connection.online;
  page.stop.hidden = !running;
  page.stop.disabled = !connection.online;
  page.demo.disabled = running;
  // The pace is the run's from its start: it cannot change mid-run, so it is not offered then.
  page.pace.disabled = running;
  page.pace.title = running ? 'The pace is set when a run starts; it applies to the next run.' : '';
}

function showProblem(text: string): void {
  page.problem.textContent = cleanDisplayText(text);
  page.problem.hidden = false;
  announce(text);
}

// ---- Drawing: each frame touches only the lanes and entries that changed (run-stream.ts) ----

/** After a frame's entries: the headers of the lanes that changed, the run line, and the report once done. */
function drawFrame(run: PageRun, lanes: ReadonlySet<Lane>, done: DoneEvent | undefined): void {
  for (const lane of lanes) drawLaneHeader(laneElement(run, lane, page.lanes, stopLane), lane, run);
  fitLanes(run);
  drawRunLine(page, run, kitchen.maxTreeTokens);
  if (done !== undefined) {
    finish(run, done);
    void refreshRecent();
  }
  questions.update(run.view, runWord(run));
  connection.holdNewControls();
}

/** The run ended with `done`: the controls are free again and the report is drawn (and, live, announced). */
function finish(run: PageRun, done: DoneEvent): void {
  setRunning(false);
  drawReport(page, run, done, kitchen.maxTreeTokens);
  if (run.live)
    announce(`The run ${done.stopReason === 'end_turn' ? 'is done' : `ended: ${outcomeWords(done.stopReason)}`}.`);
}

async function stopLane(run: PageRun, agent: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  const { ok, data, status } = await api(
    `/api/runs/${encodeURIComponent(run.runId)}/lanes/${encodeURIComponent(agent)}/stop`,
    {},
  );
  if (!ok && status !== 0) showProblem(data.error ?? 'The kitchen did not stop the lane.');
}

function refreshRecent(): Promise<void> {
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
  const evalId = new URLSearchParams(location.search).get('eval');
  if (evalId) return openEval(evalId);
  const addressed = addressedRun(new URLSearchParams(location.search));
  // Back or forward within the run shown (a lane's #anchor) scrolls; it does not fetch the run again.
  if (addressed && current?.runId === addressed.runId && current.replaySpeed === addressed.replaySpeed) {
    scrollToAnchor(location.hash);
    return;
  }
  if (addressed) void showAddressedRun(addressed);
});
// "hired lane #7 ↘" and "↖ hired by": the lane or call is on the page already; scroll to it.
page.lanes.addEventListener('click', (clicked) => {
  const link = clicked.target instanceof Element ? clicked.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
  if (link === null) return;
  clicked.preventDefault();
  const hash = link.getAttribute('href') ?? '';
  history.replaceState(history.state, '', hash);
  scrollToAnchor(hash);
});

function scrollToAnchor(hash: string): void {
  const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : '';
  if (id.startsWith('call-') && document.getElementById(id) === null) showCallLane(id.slice('call-'.length));
  const target = id === '' ? null : document.getElementById(id);
  if (target === null) return;
  target.scrollIntoView({ block: 'start', behavior: 'smooth' });
  target.classList.add('jumped-to');
  setTimeout(() => target.classList.remove('jumped-to'), 1500);
}

/** A call taken off the page with its lane's older entries: the lane draws all of them again. */
function showCallLane(callId: string): void {
  const run = current;
  const lane = run?.view.lanes.find((candidate) => candidate.calls.has(callId));
  const parts = lane === undefined ? undefined : run?.laneElements.get(lane.id);
  if (run !== undefined && lane !== undefined && parts !== undefined) showEveryEntry(run, parts, lane);
}

// ---- The servers: one that goes down is said in the toolbox line, the run line and its lanes ----

/** A server's tools were listed anew: the toolbox line counts them again. */
async function refreshToolboxLine(): Promise<void> {
  const info = await api<KitchenAbout>('/api/kitchen');
  if (!info.ok) return;
  const about = info.data;
  toolboxLine = `${about.toolbox} · 🧠 ${about.model} · seed ${about.seed}, ${about.jars} jars`;
  page.kitchenLine.textContent = cleanDisplayText(`${toolboxLine}${serverNews ? downNote(serverNews) : ''}`);
}

function showServersDown(state: ServerNewsState, news?: ServerNews): void {
  page.kitchenLine.textContent = cleanDisplayText(`${toolboxLine}${downNote(state)}`);
  const run = current;
  if (run === undefined || !run.live) return;
  const ended = run.view.done?.at;
  if (ended === undefined) run.serversDown = new Set(serversDown(state));
  else {
    // The news comes a moment late (the page asks every second): a server that stopped for good
    // before the run ended still made it fail, though the run's done came first.
    const died = news?.type === 'server-restart-failed' || (news?.type === 'server-stopped' && !news.restarting);
    if (news === undefined || !died || news.at > ended) return;
    run.serversDown.add(news.server);
  }
  for (const lane of run.view.lanes) {
    const parts = run.laneElements.get(lane.id);
    if (parts !== undefined) drawLaneHeader(parts, lane, run);
  }
  drawRunLine(page, run, kitchen.maxTreeTokens);
  if (run.view.done) drawReport(page, run, run.view.done, kitchen.maxTreeTokens);
  questions.update(run.view, runWord(run));
}

// ---- Start-up ----

async function boot(): Promise<void> {
  setUpZoom(page.zoomOut, page.zoomIn, page.zoomLevel);
  setUpThemeSwitch(page.themeSwitch);
  inspector = setUpInspector(page.inspector, page.inspectorBody);
  setUpProtocolView(page.inspector);
  connection.show();
  const params = new URLSearchParams(location.search);
  const info = await api<KitchenAbout>('/api/kitchen');
  if (!info.ok) {
    if (info.status === 401) connection.refused();
    if (info.status !== 0) showProblem(info.data.error ?? 'The kitchen did not answer.');
    return;
  }
  connection.answered();
  const about = info.data;
  kitchen = about;
  toolboxLine = `${about.toolbox} · 🧠 ${about.model} · seed ${about.seed}, ${about.jars} jars`;
  page.kitchenLine.textContent = cleanDisplayText(toolboxLine);
  serverNews = followServerNews({
    panel: page.serverNews,
    summary: page.serverNewsSummary,
    log: page.serverNewsLog,
    onDown: showServersDown,
    onRelisted: (server) => {
      void refreshToolboxLine();
      if (!inspector?.serverRelisted()) recheckServer(server);
    },
  });
  taskForm.fill(about, params.get('task') ?? about.demoTask);
  void refreshRecent();
  setUpEvalEntry(page.recent, (started) => {
    setEvalAddress(started.evalId, false);
    openEval(started.evalId);
  });
  const evalId = params.get('eval');
  if (evalId) return openEval(evalId);
  const addressed = addressedRun(params);
  if (addressed) return showAddressedRun(addressed);
  // An autorun link runs once: the address becomes the run's, so a reload shows it instead.
  if (params.get('autorun') === '1') return startRun(page.task.value, true);
  if (about.currentRun) {
    setRunAddress(about.currentRun.runId, true);
    return openRun(about.currentRun.runId);
  }
}

void boot();
