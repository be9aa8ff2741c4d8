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

/** GET `path`, or POST `body` as JSON; never throws for an HTTP error: `ok`, `status` and the JSON `data` say what happened. */
export async function api(path, body) {
  const response = await fetch(
    path,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  const data = await response.json().catch(() => ({}));
  return { status: response.status, ok: response.ok, data };
}
