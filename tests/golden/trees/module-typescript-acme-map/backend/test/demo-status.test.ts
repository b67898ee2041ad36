// POST /api/v1/demo/status: proxy envelope or bare payload, Accept-Language, and bad input; the
// body limits over a real socket (a body that stops arriving, bodies over the budget in flight, the
// bytes of a caller who hung up given back).
import { type Socket, connect } from 'node:net';

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Endpoints } from '../src/contract/index.js';
import { makeApp } from './fixtures.js';

const URL = '/api/v1/demo/status';
const NEITHER =
  'The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: ';
const JSON_TYPE = { 'content-type': 'application/json' };

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});

afterAll(async () => {
  await app.close();
});

function post(payload: string | Buffer, headers: Record<string, string> = JSON_TYPE) {
  return app.inject({ method: 'POST', url: URL, headers, payload });
}

describe('the demo endpoint', () => {
  it('reads the envelope with moduleContext, and never echoes it', async () => {
    const body = {
      payload: { message: 'ping' },
      moduleContext: { connections: [{ token: 'enc:v1:abc' }] },
    };
    const response = await post(JSON.stringify(body), { ...JSON_TYPE, 'accept-language': 'ru-RU' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      message: 'Модуль работает',
      payload: { message: 'ping' },
      moduleContext: 'present',
    });
    expect(response.body).not.toContain('enc:v1:abc'); // moduleContext may hold secrets
  });

  it('reads the envelope without moduleContext', async () => {
    const response = await post(JSON.stringify({ payload: { message: 'ping' } }));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ moduleContext: string }>().moduleContext).toBe('absent');
  });

  it('reads a bare payload, in English when asked', async () => {
    const response = await post('{"message": "ping"}', {
      ...JSON_TYPE,
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'The module is working',
      moduleContext: 'absent',
    });
    expect(response.headers['content-language']).toBe('en-US');
    expect(response.headers['vary']).toContain('Accept-Language');
  });

  it('answers in Russian by default', async () => {
    const plain = await post('{"message": "ping"}');
    expect(plain.json<{ message: string }>().message).toBe('Модуль работает');
    const french = await post('{"message": "ping"}', { ...JSON_TYPE, 'accept-language': 'fr-FR' });
    expect(french.json<{ message: string }>().message).toBe('Модуль работает');
  });

  it.each([
    [''],
    ['{'],
    ['[1,'],
    ['not json'],
    ['{"a": NaN}'],
    ['"\\ud800"'],
    ['{"message": "a", "message": "b"}'],
  ])('answers malformed JSON %j with 400', async (raw) => {
    const response = await post(raw);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true });
    if (raw !== '') {
      expect(response.json<{ message: string }>().message).not.toContain(raw);
    }
  });

  it('answers bytes that are not UTF-8 with 400', async () => {
    const response = await post(Buffer.from([0xff, 0xfe]));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('not UTF-8');
  });

  it.each([
    [{}, 'message is required'],
    [[], 'the body must be an object'],
    ['text', 'the body must be an object'],
    [null, 'the body must be an object'],
    [{ message: {} }, 'message must be a string'],
    [{ message: 1 }, 'message must be a string'],
    [{ message: null }, 'message must be a string'],
    [{ message: 'ping', extra: 1 }, 'a bare payload allows no property other than message'],
    [{ payload: null }, 'payload must be an object'],
    [{ payload: [1] }, 'payload must be an object'],
    [{ payload: {} }, 'payload.message is required'],
    [{ payload: { message: 1 } }, 'payload.message must be a string'],
    [
      { payload: { message: 'ping' }, moduleContext: null },
      'moduleContext must be an object (null',
    ],
    [{ payload: { message: 'ping' }, moduleContext: 'secret' }, 'moduleContext must be an object'],
    [{ payload: { message: 'ping' }, moduleContext: [1, 2] }, 'moduleContext must be an object'],
  ])('answers %j, which matches neither shape, with 400', async (body, problem) => {
    const response = await post(JSON.stringify(body));
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ error: boolean; message: string }>();
    expect(answer.error).toBe(true);
    expect(answer.message.startsWith(NEITHER)).toBe(true);
    expect(answer.message).toContain(problem);
  });

  it.each([100, 100000])('answers a body nested %i levels deep with 422', async (depth) => {
    const raw = `{"payload": {"message": "x"}, "moduleContext": {"a": ${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const response = await post(raw);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain('nested');
  });

  it('reads text/plain as JSON, and no Content-Type too', async () => {
    expect((await post('{"message": "hi"}', { 'content-type': 'text/plain' })).statusCode).toBe(
      200,
    );
    expect((await post('{"message": "hi"}', {})).statusCode).toBe(200);
    const typed = await post('{"message": "hi"}', { 'content-type': 'application/vnd.api+json' });
    expect(typed.statusCode).toBe(200);
  });

  it('answers other content types with 400', async () => {
    const response = await post('{"message": "hi"}', { 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await post(`{"message": "${'x'.repeat(1024 * 1024)}"}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: true,
      message: 'Request body is larger than 1048576 bytes',
    });
  });

  it.each([
    ['GET', '/nowhere', 404],
    ['GET', URL, 405],
    ['POST', '/api/v1/well-known', 405],
  ] as const)('answers %s %s with %i in the error body', async (method, url, status) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: true });
  });
});

/** A raw HTTP/1.1 exchange over `socket`: resolves with everything the server sent until it closed. */
function exchange(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

/** POST /api/v1/slow: answers once `finishSlow` is called, so its caller can hang up first. */
let finishSlow = (): void => undefined;
function slowEndpoints(): Endpoints {
  const endpoints = new Endpoints();
  const payload = Type.Object({ text: Type.String() }, { additionalProperties: false });
  const answer = Type.Object({ done: Type.Boolean() });
  endpoints.post(
    '/api/v1/slow',
    { payload, answer },
    () =>
      new Promise<{ done: boolean }>((resolve) => {
        finishSlow = () => resolve({ done: true });
      }),
  );
  return endpoints;
}

describe('the body limits, over a socket', () => {
  let served: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    // a small budget (3 KiB in flight) and a short stall: both found quickly
    served = await makeApp(
      {},
      { maxBodyBytesInFlight: 3 * 1024, bodyStallSeconds: 1, endpoints: slowEndpoints() },
    );
    await served.listen({ host: '127.0.0.1', port: 0 });
    const address = served.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await served.close();
  });

  function head(length: number, path = URL): string {
    return `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
  }

  it('answers a body that stops arriving with 408 and closes the connection', async () => {
    const socket = connect(port, '127.0.0.1');
    const answered = exchange(socket);
    socket.write(head(100) + '{"message": '); // and nothing more
    const answer = await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('The request body stopped arriving; send the request again');
  });

  it('answers a body beyond the bytes in flight with 503 and Retry-After', async () => {
    const holder = connect(port, '127.0.0.1');
    const held = exchange(holder);
    holder.write(head(2 * 1024 + 20) + `{"message": "${'x'.repeat(2 * 1024)}`); // 2 KiB held
    await new Promise((resolve) => setTimeout(resolve, 200));
    const body = `{"message": "${'y'.repeat(1500)}"}`;
    const refused = connect(port, '127.0.0.1');
    const answer = exchange(refused);
    refused.end(head(Buffer.byteLength(body)) + body);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 503/);
    expect(text.toLowerCase()).toContain('retry-after: 1');
    expect(text).toContain('The module backend holds as many request bodies as it may; retry');
    holder.destroy();
    await held;
  });

  it('gives back the bytes of a body whose caller hung up before the answer', async () => {
    const body = JSON.stringify({ text: 'z'.repeat(2 * 1024) }); // 2 KiB of the 3 held
    const gone = connect(port, '127.0.0.1');
    const closed = exchange(gone);
    gone.write(head(Buffer.byteLength(body), '/api/v1/slow') + body);
    await new Promise((resolve) => setTimeout(resolve, 200)); // read whole, the answer pending
    gone.destroy(); // Node does not call such a request aborted: its body had arrived
    await closed;
    finishSlow(); // an answer with no one to read it
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = `{"message": "${'y'.repeat(2 * 1024)}"}`; // fits only if the 2 KiB were given back
    const next = connect(port, '127.0.0.1');
    const answer = exchange(next);
    next.end(head(Buffer.byteLength(again)) + again);
    expect(await answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
