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

/** GET `path`, or POST `body` as JSON; never throws for an HTTP error: `ok`, `status` and the JSON `data` say what happened. */
export async function api(path, body) {
  const headers = { 'X-Kitchen-Token': ownerToken };
  const response = await fetch(
    path,
    body === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  const data = await response.json().catch(() => ({}));
  return { status: response.status, ok: response.ok, data };
}
