// A fake of the service your data source calls (yours: shape it like that service). A real HTTP
// server on a free loopback port, started by the test: your data source calls it as it would call
// the real one (its URL and token arrive in the request's datasource fields, as the platform sends
// them), and the test reads what it was sent. Nothing is mocked inside your code, and each test
// answers in milliseconds.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the fake answers a request: a status (200 unless given) and a JSON body. */
export interface Answer {
  readonly status?: number;
  readonly body: unknown;
}

export interface FakeUpstream {
  /** http://127.0.0.1:<port>, to put in the datasource fields your data source reads. */
  readonly url: string;
  /** Every request received so far, in order. */
  readonly received: Received[];
  close(): Promise<void>;
}

/** Start the fake; `answer` decides each answer from the request received. */
export async function fakeUpstream(answer: (request: Received) => Answer): Promise<FakeUpstream> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen: Received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(seen);
      const { status = 200, body } = answer(seen);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
