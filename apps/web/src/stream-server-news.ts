// Sends the web app's server news to a page as Server-Sent Events: what is kept, then each piece
// as it happens, until the page goes away. App side.

import type { Request, Response } from 'express';
import type { NumberedNews, ServerNewsFeed } from './server-news-feed.js';

/** A comment line now and then keeps idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function streamServerNews(feed: ServerNewsFeed, request: Request, response: Response): void {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // EventSource reconnects with the id of the last news it got; start after it.
  const header = request.headers['last-event-id'];
  const lastSeen = typeof header === 'string' && header.trim() !== '' ? Number(header) : Number.NaN;
  const from = Number.isInteger(lastSeen) && lastSeen >= 0 ? lastSeen + 1 : 0;
  const send = ({ index, news }: NumberedNews) => response.write(`id: ${index}\ndata: ${JSON.stringify(news)}\n\n`);
  // Subscribe before sending what is kept: push() is synchronous, so nothing slips between.
  const unsubscribe = feed.subscribe(send);
  for (const numbered of feed.since(from)) send(numbered);
  const heartbeat = setInterval(() => response.write(': still cooking\n\n'), HEARTBEAT_MS);
  response.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}
