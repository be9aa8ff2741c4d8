// The two things every part of the page does: make an element with untrusted text in it (as
// textContent, never markup) and talk JSON to the kitchen's API. App side, in the browser.

import { cleanDisplayText } from './lane-words.js';

/** Creates an element; text goes in with textContent, never as markup. */
export function el(tag, className, text, ...children) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined && text !== null) element.textContent = cleanDisplayText(String(text));
  for (const child of children) if (child) element.append(child);
  return element;
}

/**
 * The kitchen's per-start access token: it arrives in the address the kitchen printed
 * (`?token=…`), is kept for this tab only, and leaves the address bar so it is not shared by accident.
 */
export const ownerToken = (() => {
  const address = new URL(window.location.href);
  const fromAddress = address.searchParams.get('token');
  if (fromAddress !== null) {
    sessionStorage.setItem('kitchen-token', fromAddress);
    address.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', address);
  }
  return fromAddress ?? sessionStorage.getItem('kitchen-token') ?? '';
})();

/** An API path the event stream can open (EventSource cannot send headers, so the token rides in the query). */
export function streamPath(path) {
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(ownerToken)}`;
}

/** Told when a request finds nobody at the other end (the kitchen stopped or restarted). */
let onUnreachable = () => {};
export function whenUnreachable(listener) {
  onUnreachable = listener;
}

/**
 * GET `path`, or POST `body` as JSON; never throws: `ok`, `status` and the JSON `data` say what
 * happened, and `status` 0 means the kitchen did not answer at all (then `whenUnreachable` hears of it).
 */
export async function api(path, body) {
  const headers = { 'X-Kitchen-Token': ownerToken };
  let response;
  try {
    response = await fetch(
      path,
      body === undefined
        ? { headers, cache: 'no-store' }
        : { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
  } catch {
    onUnreachable();
    return {
      status: 0,
      ok: false,
      data: { error: 'The kitchen did not answer: it is not running, or it is restarting.' },
    };
  }
  const data = await response.json().catch(() => ({}));
  return { status: response.status, ok: response.ok, data };
}

/** Called by a control that found the kitchen gone, so the page keeps it disabled until it is back. */
let holdControls = () => {};
export function whenControlsNeedHolding(listener) {
  holdControls = listener;
}
export function holdIfOffline() {
  holdControls();
}
