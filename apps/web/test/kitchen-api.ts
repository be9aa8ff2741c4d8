// Test helper: the web kitchen's HTTP API read the way the page reads it, with the owner token.

import type { KitchenWeb } from '../src/start-kitchen-web.js';

/** GET `path` (relative to the kitchen's address) as the owner. */
export function apiFetch(web: KitchenWeb, path: string): Promise<globalThis.Response> {
  return fetch(new URL(path, web.url), { headers: { 'X-Kitchen-Token': web.token } });
}

/** POST `body` as JSON to `path` as the owner; the status and the JSON answer. */
export async function postJson(
  web: KitchenWeb,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(path, web.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Kitchen-Token': web.token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
