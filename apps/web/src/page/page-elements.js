// The kitchen web page's elements, found once by id and named by what they are for. App side, in
// the browser; the ids are index.html's.

/** Every element the page's script draws into or listens to. */
export function findPageElements() {
  const $ = (id) => document.getElementById(id);
  return {
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
    waitingBanner: $('waiting-banner'),
    waitingText: $('waiting-text'),
    waitingGo: $('waiting-go'),
    zoomOut: $('zoom-out'),
    zoomIn: $('zoom-in'),
    zoomLevel: $('zoom-level'),
    inspector: $('inspector'),
    inspectorBody: $('inspector-body'),
  };
}
