// Whether the kitchen is there: the page says so the moment a request or the event stream finds
// nobody, disables every control that would need it, asks again every second or two, and tells
// the page when the kitchen is back so it can catch up. App side, in the browser.

import { api } from './dom.js';

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 4000;

/**
 * @param {{ status: HTMLElement; controls: HTMLElement; onLost: () => void; onBack: () => void;
 *   announce: (text: string) => void }} parts
 *   `controls`: the part of the page whose buttons and fields need the kitchen.
 */
export function createConnection(parts) {
  let online = true;
  let lostAt = 0;
  let timer;
  /** Controls this module disabled, given back when the kitchen is back (unless drawn away meanwhile). */
  const disabledHere = new Set();

  const show = () => {
    parts.status.className = `connection ${online ? 'online' : 'offline'}`;
    parts.status.textContent = online
      ? '● connected'
      : `⚠️ the kitchen is not answering (since ${new Date(lostAt).toLocaleTimeString()}); trying again…`;
    document.body.classList.toggle('offline', !online);
  };

  const disableControls = () => {
    for (const control of parts.controls.querySelectorAll('button, input, select, textarea')) {
      if (control.closest('[data-works-offline]') || control.disabled) continue;
      control.disabled = true;
      disabledHere.add(control);
    }
  };
  const enableControls = () => {
    for (const control of disabledHere) control.disabled = false;
    disabledHere.clear();
  };

  const retry = (delay) => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const answer = await api('/api/kitchen');
      if (answer.status === 0) return retry(Math.min(delay * 1.5, LONGEST_RETRY_MS));
      online = true;
      enableControls();
      show();
      parts.announce('The kitchen is back; catching up.');
      parts.onBack();
    }, delay);
  };

  return {
    get online() {
      return online;
    },
    /** Call when a request or the stream found nobody; safe to call again while lost. */
    lost() {
      if (!online) return;
      online = false;
      lostAt = Date.now();
      disableControls();
      show();
      parts.onLost();
      parts.announce('The kitchen is not answering. Its controls are off until it is back.');
      retry(FIRST_RETRY_MS);
    },
    /** A control drawn while the kitchen is away starts disabled too. */
    holdNewControls() {
      if (!online) disableControls();
    },
    show,
  };
}
