import { describe, expect, it } from 'vitest';
import { watchForBreak } from './break-watch.js';
import { readLoneAnswer } from './lone-answer.js';

const PRIMING = 'id: 1\nretry: 1000\ndata: \n\n';
const ANSWER = '{"result":{"content":[{"type":"text","text":"hi"}]},"jsonrpc":"2.0","id":7}';
const answerEvent = (json = ANSWER) => `event: message\nid: 2\ndata: ${json}\n\n`;
const PROGRESS =
  'event: message\nid: 3\ndata: {"method":"notifications/progress","params":{"progressToken":7,"progress":1},"jsonrpc":"2.0"}\n\n';

/** A body that gives `parts` one chunk each, then ends, stays open (until `end` is called) or breaks. */
function sseBody(parts: Array<string | Uint8Array>, ending: 'end' | 'open' | 'break' = 'end') {
  const encoder = new TextEncoder();
  const queue = [...parts];
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = queue.shift();
      if (part !== undefined) controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
      else if (ending === 'end') controller.close();
      else if (ending === 'break') controller.error(new TypeError('terminated'));
      else end = () => controller.close();
    },
  });
  return { reader: body.getReader(), end: () => end() };
}

/** Everything the SDK would read from the stream handed to it, as text. */
async function handedOver(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  read: Awaited<ReturnType<typeof readLoneAnswer>>,
): Promise<string> {
  if (read.kind !== 'stream') throw new Error('expected the stream to be handed over');
  const stream = watchForBreak(reader, [7], undefined, undefined, read.readSoFar);
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text;
}

describe('readLoneAnswer', () => {
  it('reads an answer that comes alone after a priming event, and the stream has ended', async () => {
    const { reader } = sseBody([PRIMING, answerEvent()]);
    expect(await readLoneAnswer(reader, 7, '1000')).toEqual({ kind: 'answer', json: ANSWER });
  });

  it('reads an answer split across chunks and sent in the same chunk as its priming event', async () => {
    const event = answerEvent();
    const { reader } = sseBody([PRIMING + event.slice(0, 30), event.slice(30, 90), event.slice(90)]);
    expect(await readLoneAnswer(reader, 7, '1000')).toEqual({ kind: 'answer', json: ANSWER });
  });

  it('reads an answer whose characters are split between chunks', async () => {
    const json = ANSWER.replace('"hi"', '"crème brûlée 🍪"');
    const bytes = new TextEncoder().encode(PRIMING + answerEvent(json));
    const cut = bytes.indexOf(0xc3) + 1;
    const { reader } = sseBody([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(await readLoneAnswer(reader, 7, '1000')).toEqual({ kind: 'answer', json });
  });

  it('hands over every byte, once and in order, when progress comes before the answer', async () => {
    const parts = [PRIMING, PROGRESS, answerEvent()];
    const { reader } = sseBody(parts);
    const read = await readLoneAnswer(reader, 7, '1000');
    expect(await handedOver(reader, read)).toBe(parts.join(''));
  });

  it('hands over a stream that goes on after its answer, or stays open after it', async () => {
    const more = [PRIMING, answerEvent(), PROGRESS];
    const going = sseBody(more);
    expect(await handedOver(going.reader, await readLoneAnswer(going.reader, 7, '1000'))).toBe(more.join(''));

    const open = sseBody([PRIMING, answerEvent()], 'open');
    const read = await readLoneAnswer(open.reader, 7, '1000');
    expect(read.kind).toBe('stream');
    open.end();
    expect(await handedOver(open.reader, read)).toBe(PRIMING + answerEvent());
  });

  it('leaves a new reconnection delay to the SDK, and says what it was', async () => {
    const { reader } = sseBody([PRIMING, answerEvent()]);
    const read = await readLoneAnswer(reader, 7, undefined);
    expect(read).toMatchObject({ kind: 'stream', retry: '1000' });
    expect(await handedOver(reader, read)).toBe(PRIMING + answerEvent());
  });

  it('hands over an answer to another request, a request from the server and framing it does not read', async () => {
    for (const event of [
      answerEvent(ANSWER.replace('"id":7', '"id":8')),
      'event: message\ndata: {"method":"sampling/createMessage","params":{},"jsonrpc":"2.0","id":0}\n\n',
      'event: other\ndata: {"result":{},"jsonrpc":"2.0","id":7}\n\n',
      'data: {"result":\ndata: {},"jsonrpc":"2.0","id":7}\n\n',
      answerEvent().replaceAll('\n', '\r\n'),
    ]) {
      const { reader } = sseBody([PRIMING, event]);
      const read = await readLoneAnswer(reader, 7, '1000');
      expect(await handedOver(reader, read)).toBe(PRIMING + event);
    }
  });

  it('hands over a stream that breaks, so the break reaches whoever reads it', async () => {
    const { reader } = sseBody([PRIMING], 'break');
    const read = await readLoneAnswer(reader, 7, '1000');
    expect(read.kind).toBe('stream');
    // Resumable (it has event ids): the SDK reconnects, so the break itself is passed on.
    await expect(handedOver(reader, read)).rejects.toThrow('terminated');
  });

  it('hands over a stream without event ids that breaks, and the break watch answers the call', async () => {
    const { reader } = sseBody(['data: \n\n'], 'break');
    const read = await readLoneAnswer(reader, 7, undefined);
    expect(await handedOver(reader, read)).toMatch(/"id":7,"error":\{"code":-32000,"message":"the connection/);
  });
});
