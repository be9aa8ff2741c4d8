// An eval on the kitchen web page (?eval=ID): one card per case and model, each with its verdict
// (passed; failed, with what each missed expectation saw; not understood by the offline model)
// and its runs, each run's lanes drawn live as any run's are (lane-view.ts, run-stream.ts); the
// totals on top. App side, in the browser; server and model text goes in with textContent only.

import { api, el, streamPath } from './dom.js';
import {
  type EvalAbout,
  type EvalBoardLane,
  type EvalBoardRun,
  evalAnnouncement,
  failureLine,
  runHeading,
  totalsLine,
  verdictText,
  verdictTone,
} from './eval-words.js';
import type { RunAbout, RunTrace } from './kitchen-api.js';
import { drawEntry, drawLaneHeader, laneElement } from './lane-view.js';
import { foldEvents } from './lanes.js';
import { type PageRun, pageRun } from './page-run.js';
import { openRunStream } from './run-stream.js';

export interface EvalDisplay {
  /** The board goes in here (it is emptied first). */
  board: HTMLElement;
  announce: (text: string) => void;
  showProblem: (text: string) => void;
  /** The kitchen stopped answering (a run's stream broke). */
  lost: () => void;
}

interface LaneCard {
  root: HTMLElement;
  verdict: HTMLElement;
  failures: HTMLElement;
  runs: HTMLElement;
}

interface RunSlot {
  heading: HTMLElement;
  link: HTMLAnchorElement;
  lanes: HTMLElement;
  run?: PageRun;
}

/** Makes the address bar show eval `evalId`, as a new history entry unless `replace`. */
export function setEvalAddress(evalId: string, replace: boolean): void {
  const address = new URL(location.href);
  address.search = '';
  address.searchParams.set('eval', evalId);
  if (replace) history.replaceState({ evalId }, '', address);
  else history.pushState({ evalId }, '', address);
}

/** Follows eval `evalId` on `display.board` until `close()` (another eval or run is shown). */
export function showEval(evalId: string, display: EvalDisplay): { close: () => void } {
  let shown = true;
  let source: EventSource | undefined;
  let latest: EvalAbout | undefined;
  const cards = new Map<string, LaneCard>();
  const slots = new Map<string, RunSlot>();
  const title = el('h2', 'eval-title', 'Eval');
  const totals = el('p', 'eval-totals', 'asking the kitchen…');
  const stop = el('button', 'danger eval-stop', 'Stop eval');
  stop.type = 'button';
  stop.hidden = true;
  stop.addEventListener('click', async () => {
    stop.disabled = true;
    const answer = await api(`/api/evals/${encodeURIComponent(evalId)}/abort`, {});
    if (!answer.ok && answer.status !== 0 && answer.status !== 409)
      display.showProblem(answer.data.error ?? 'The kitchen did not stop the eval.');
  });
  const problem = el('p', 'eval-problem');
  problem.hidden = true;
  const lanes = el('div', 'eval-lanes');
  display.board.replaceChildren(el('header', 'eval-header', undefined, title, totals, stop), problem, lanes);
  // Every run has a main lane and its own call ids, so ids repeat across cards: a "hired lane ↘"
  // or "↖ hired by" link scrolls to its target within its own run, not to the first on the page.
  lanes.addEventListener('click', (clicked) => {
    const link = clicked.target instanceof Element ? clicked.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
    const run = link?.closest('.eval-run');
    if (link === null || link === undefined || run === null || run === undefined) return;
    clicked.preventDefault();
    const id = decodeURIComponent((link.getAttribute('href') ?? '').slice(1));
    run.querySelector(`[id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  });
  display.board.hidden = false;
  const ticker = setInterval(() => {
    if (latest !== undefined && !latest.finished) drawTotals(latest);
  }, 1000);

  const drawTotals = (about: EvalAbout) => {
    totals.textContent = totalsLine(about, Date.now() - about.startedAt);
  };

  const draw = (about: EvalAbout) => {
    const wasFinished = latest?.finished === true;
    latest = about;
    title.textContent = `Eval: ${about.source} · ${about.models.join(', ')}`;
    drawTotals(about);
    stop.hidden = about.finished;
    if (about.problem !== undefined) {
      problem.textContent = about.problem;
      problem.hidden = false;
    }
    for (const lane of about.lanes) drawLane(lane);
    if (about.finished && !wasFinished) display.announce(evalAnnouncement(about));
  };

  const drawLane = (lane: EvalBoardLane) => {
    let card = cards.get(lane.key);
    if (card === undefined) {
      const verdict = el('span', 'eval-verdict');
      const failures = el('ul', 'eval-failures');
      const runs = el('div', 'eval-runs');
      const root = el(
        'article',
        'eval-lane',
        undefined,
        el(
          'header',
          'eval-lane-header',
          undefined,
          el('h3', 'eval-lane-title', `${lane.name} · ${lane.model}`),
          verdict,
        ),
        el('p', 'eval-task', lane.task),
        failures,
        runs,
      );
      root.dataset.case = lane.name;
      root.dataset.model = lane.model;
      card = { root, verdict, failures, runs };
      cards.set(lane.key, card);
      lanes.append(root);
    }
    card.root.dataset.verdict = lane.verdict;
    card.verdict.textContent = verdictText(lane);
    card.verdict.className = `eval-verdict ${verdictTone(lane.verdict)}`;
    const lines = [
      ...(lane.verdict === 'not-understood' && lane.notUnderstood !== undefined
        ? [el('li', 'eval-not-understood', lane.notUnderstood)]
        : []),
      ...(lane.verdict === 'failed'
        ? lane.failures.map((each) => el('li', 'eval-failure', failureLine(each, lane.repeat)))
        : []),
    ];
    card.failures.replaceChildren(...lines);
    card.failures.hidden = lines.length === 0;
    for (const run of lane.runs) drawRunSlot(lane, run, card);
  };

  const drawRunSlot = (lane: EvalBoardLane, run: EvalBoardRun, card: LaneCard) => {
    if (run.runId === undefined) return;
    let slot = slots.get(run.runId);
    if (slot === undefined) {
      const link = el('a', 'eval-run-link', 'open the run');
      link.href = `?run=${encodeURIComponent(run.runId)}`;
      const heading = el('span', 'eval-run-status');
      const runLanes = el('div', 'lanes eval-run-lanes');
      slot = { heading, link, lanes: runLanes };
      slots.set(run.runId, slot);
      const section = el(
        'section',
        'eval-run',
        undefined,
        el('h4', 'eval-run-heading', undefined, heading, ' · ', link),
        runLanes,
      );
      section.dataset.run = String(run.run);
      card.runs.append(section);
      void follow(lane, run.runId, slot);
    }
    slot.heading.textContent = runHeading(run);
    slot.heading.className = `eval-run-status ${verdictTone(run.status)}`;
  };

  /** A run of the eval: live from the kitchen while it holds it, else from its trace. */
  const follow = async (lane: EvalBoardLane, runId: string, slot: RunSlot) => {
    const live = await api<RunAbout>(`/api/runs/${encodeURIComponent(runId)}`);
    if (!shown) return;
    if (live.ok) {
      const run = pageRun({ runId, model: lane.model, paceMs: 0, live: false });
      slot.run = run;
      openRunStream(run, {
        isShown: () => shown,
        placeLane: (lane) => laneElement(run, lane, slot.lanes, noStop),
        drawEntry: (lane, entry) => drawEntry(run, laneElement(run, lane, slot.lanes, noStop), lane, entry),
        drawFrame: (lanes) => {
          for (const lane of lanes) drawLaneHeader(laneElement(run, lane, slot.lanes, noStop), lane, run);
        },
        showProblem: display.showProblem,
        lost: display.lost,
      });
      return;
    }
    const recorded = await api<RunTrace>(`/api/traces/${encodeURIComponent(runId)}`);
    if (!shown || !recorded.ok) return;
    const run = pageRun({
      runId,
      model: lane.model,
      paceMs: 0,
      view: foldEvents(recorded.data.events),
      lastIndex: recorded.data.events.length - 1,
      live: false,
    });
    slot.run = run;
    for (const each of run.view.lanes) {
      const parts = laneElement(run, each, slot.lanes, noStop);
      for (const entry of each.entries) drawEntry(run, parts, each, entry);
      drawLaneHeader(parts, each, run);
    }
  };

  const open = () => {
    source?.close();
    source = new EventSource(streamPath(`/api/evals/${encodeURIComponent(evalId)}/events`));
    source.onmessage = (message: MessageEvent<string>) => {
      if (shown) draw(JSON.parse(message.data) as EvalAbout);
    };
    source.addEventListener('end', () => source?.close());
    source.onerror = () => {
      source?.close();
      if (shown && latest?.finished !== true) void reopenLater();
    };
  };

  /** The stream broke (the kitchen restarting, a proxy): ask again in a moment. */
  const reopenLater = async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (!shown) return;
    const about = await api<EvalAbout>(`/api/evals/${encodeURIComponent(evalId)}`);
    if (!shown) return;
    if (about.ok) {
      draw(about.data);
      if (!about.data.finished) open();
    } else if (about.status === 404) showMissing();
    else void reopenLater();
  };

  const showMissing = () => {
    totals.textContent = '';
    display.showProblem(
      `There is no eval "${evalId}" in this kitchen: it keeps the last few in memory only (their runs are in Recent runs). Start one from the Eval section.`,
    );
  };

  void (async () => {
    const about = await api<EvalAbout>(`/api/evals/${encodeURIComponent(evalId)}`);
    if (!shown) return;
    if (!about.ok) {
      if (about.status === 404) showMissing();
      else if (about.status !== 0)
        display.showProblem(about.data.error ?? 'The kitchen did not say how the eval stands.');
      return;
    }
    draw(about.data);
    if (!about.data.finished) open();
  })();

  return {
    close: () => {
      shown = false;
      clearInterval(ticker);
      source?.close();
      for (const slot of slots.values()) slot.run?.source?.close();
      display.board.replaceChildren();
      display.board.hidden = true;
    },
  };
}

/** An eval's runs are not stopped lane by lane (the page draws them with live: false, so no Stop lane shows). */
async function noStop(): Promise<void> {}
