// The kitchen web page's elements, found once by id and named by what they are for. App side, in
// the browser; the ids are index.html's.

/** Every element the page's script draws into or listens to. */
export function findPageElements() {
  /** The element with `id`, of the kind index.html gives it. */
  const $ = <Kind extends HTMLElement = HTMLElement>(id: string): Kind => {
    const element = document.getElementById(id);
    if (element === null) throw new Error(`index.html has no element #${id}`);
    return element as Kind;
  };
  return {
    kitchenLine: $('kitchen-line'),
    connection: $('connection'),
    announcer: $('announcer'),
    main: $('main'),
    form: $<HTMLFormElement>('task-form'),
    demo: $<HTMLSelectElement>('demo'),
    pace: $<HTMLSelectElement>('pace'),
    task: $<HTMLTextAreaElement>('task'),
    run: $<HTMLButtonElement>('run-button'),
    stop: $<HTMLButtonElement>('stop-button'),
    problem: $('form-problem'),
    workerModel: $<HTMLInputElement>('worker-model'),
    workerTools: $<HTMLInputElement>('worker-tools'),
    runLine: $('run-line'),
    runLink: $<HTMLAnchorElement>('run-link'),
    runState: $('run-state'),
    runCost: $('run-cost'),
    runPrice: $('run-price'),
    treeText: $('tree-tokens-text'),
    treeMeter: $<HTMLMeterElement>('tree-tokens'),
    lanes: $('lanes'),
    report: $('report'),
    reportWarning: $('report-warning'),
    reportText: $('report-text'),
    summary: $('summary'),
    recent: $<HTMLDetailsElement>('recent-runs'),
    recentList: $('recent-list'),
    replaySpeed: $<HTMLSelectElement>('replay-speed'),
    waitingBanner: $('waiting-banner'),
    waitingText: $('waiting-text'),
    waitingGo: $<HTMLButtonElement>('waiting-go'),
    zoomOut: $<HTMLButtonElement>('zoom-out'),
    zoomIn: $<HTMLButtonElement>('zoom-in'),
    zoomLevel: $('zoom-level'),
    themeSwitch: $<HTMLButtonElement>('theme-switch'),
    serverNews: $<HTMLDetailsElement>('server-news'),
    serverNewsSummary: $('server-news-summary'),
    serverNewsLog: $('server-news-log'),
    inspector: $<HTMLDetailsElement>('inspector'),
    inspectorBody: $('inspector-body'),
  };
}
