// The dice tray: show_dice_tray's MCP App, one HTML page the host renders in a sandboxed frame.
// Server side: the server only serves this text (resources/read of ui://dice/tray); the page's
// script runs in the person's browser and speaks to the host, never to this server.
//
// The script is the App side of the protocol written out by hand (JSON-RPC 2.0 over postMessage
// to window.parent), so a reader sees every message: ui/initialize and its initialized
// notification, the host's tool-input and tool-result notifications, a tools/call of roll_dice
// through the host ("Roll again"), and a size-changed notification after each render.

/** The tray's resource URI, named by show_dice_tray's `_meta.ui.resourceUri`. */
export const DICE_TRAY_URI = 'ui://dice/tray';

/** The App protocol revision the tray speaks (the extension's own, not MCP's). */
const APP_PROTOCOL_VERSION = '2026-01-26';

const TRAY_SCRIPT = `
const pending = new Map();
let nextId = 1;
let lastInput = {};
const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
const request = (method, params) => new Promise((resolve, reject) => {
  const id = nextId++;
  pending.set(id, { resolve, reject });
  send({ id, method, params });
});
const notify = (method, params) => send({ method, params });
const tray = document.getElementById('tray');
const total = document.getElementById('total');
const status = document.getElementById('status');

function show(result) {
  const roll = result && result.structuredContent;
  tray.replaceChildren();
  if (result && result.isError) {
    status.textContent = 'The roll failed: ' + ((result.content && result.content[0] && result.content[0].text) || 'no reason given');
  } else if (roll && Array.isArray(roll.rolls)) {
    for (const face of roll.rolls) {
      const die = document.createElement('span');
      die.className = 'die';
      die.textContent = String(face);
      tray.append(die);
    }
    total.textContent = 'Total ' + roll.total + ' (' + roll.count + 'd' + roll.sides + ', seed ' + roll.seed + ')';
    status.textContent = '';
  } else {
    status.textContent = 'The result carries no rolls.';
  }
  notify('ui/notifications/size-changed', { width: document.body.scrollWidth, height: document.body.scrollHeight });
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (!message || message.jsonrpc !== '2.0') return;
  if (message.id !== undefined && message.method === undefined) {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (waiting) message.error ? waiting.reject(new Error(message.error.message)) : waiting.resolve(message.result);
    return;
  }
  if (message.method === 'ui/notifications/tool-input') lastInput = (message.params && message.params.arguments) || {};
  if (message.method === 'ui/notifications/tool-result') show(message.params);
  // The host's requests: answered with an empty result (teardown, ping).
  if (message.id !== undefined && message.method !== undefined) send({ id: message.id, result: {} });
});

document.getElementById('again').addEventListener('click', async () => {
  status.textContent = 'Rolling…';
  try {
    const { count = 1, sides = 6 } = lastInput;
    show(await request('tools/call', { name: 'roll_dice', arguments: { count, sides } }));
  } catch (error) {
    status.textContent = 'The host refused: ' + error.message;
  }
});

request('ui/initialize', {
  protocolVersion: '${APP_PROTOCOL_VERSION}',
  appInfo: { name: 'dice-tray', version: '0.1.0' },
  appCapabilities: {},
}).then(() => notify('ui/notifications/initialized', {}), (error) => {
  status.textContent = 'The host did not start the tray: ' + error.message;
});
`;

/** The tray page. It loads nothing from the network, so its CSP asks for no origins. */
export const DICE_TRAY_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Dice tray</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 12px; color: #222; background: #f6f1e7; }
  #tray { display: flex; flex-wrap: wrap; gap: 8px; min-height: 48px; }
  .die { display: inline-flex; align-items: center; justify-content: center; width: 44px; height: 44px;
    border-radius: 8px; background: #fff; border: 2px solid #333; font-weight: bold; font-size: 18px; }
  #total { margin: 10px 0; }
</style>
</head>
<body>
<div id="tray" aria-label="dice"></div>
<p id="total">Waiting for the roll…</p>
<button id="again" type="button">Roll again</button>
<p id="status" role="status"></p>
<script>${TRAY_SCRIPT}</script>
</body>
</html>
`;
