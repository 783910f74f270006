// The suite's wire (wire.ts) against a raw TCP server on 127.0.0.1 that records the bytes it got and answers with the
// bytes a case gives: what goes out is only what the suite gave, what comes back is read as fetch read it, and every
// way of not answering ends in an error describeNoAnswer can name, never a hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { config } from './config.ts';
import { describeNoAnswer } from './unanswered.ts';
import { requested } from './wire.ts';

/** A server answering each request with `answer(request text, socket)`; the requests it got, as text. */
async function raw(answer: (request: string, socket: Socket, n: number) => void) {
  const got: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let buffered = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/^content-length: *(\d+)/im.exec(buffered.slice(0, end))?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      got.push(buffered.slice(0, end + 4 + length));
      buffered = '';
      answer(got.at(-1)!, socket, got.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Closed with the connections the client keeps alive.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      sockets.forEach((socket) => socket.destroy());
    });
  return { url, got, close };
}
const ok = (socket: Socket, body: string) =>
  socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

test('what goes out is what the suite gave: no default header, a Content-Length with every body', async () => {
  const s = await raw((_, socket) => ok(socket, '{}'));
  try {
    await requested('GET', `${s.url}/a?x=1`, { accept: 'application/json', authorization: 'Bearer t' });
    await requested('POST', `${s.url}/b`, { 'content-type': 'application/json' }, Buffer.from('{"a":1}'));
    await requested('POST', `${s.url}/c`, {});
    await requested('DELETE', `${s.url}/d`, {});
    await requested('PUT', `${s.url}/e`, {}, Buffer.from('no type'));
    const lines = s.got.map((r) => r.split('\r\n').filter(Boolean));
    const host = `host: ${s.url.slice('http://'.length)}`;
    const sameBut = (l: string[]) => l.map((h) => h.toLowerCase()).filter((h) => h !== 'connection: keep-alive');
    assert.deepEqual(sameBut(lines[0]!), [
      'get /a?x=1 http/1.1',
      'accept: application/json',
      'authorization: bearer t',
      host,
    ]);
    assert.deepEqual(sameBut(lines[1]!), [
      'post /b http/1.1',
      'content-type: application/json',
      'content-length: 7',
      host,
      '{"a":1}',
    ]);
    assert.deepEqual(sameBut(lines[2]!), ['post /c http/1.1', 'content-length: 0', host]);
    assert.deepEqual(sameBut(lines[3]!), ['delete /d http/1.1', host]);
    assert.deepEqual(sameBut(lines[4]!), ['put /e http/1.1', 'content-length: 7', host, 'no type'], 'no Content-Type');
  } finally {
    await s.close();
  }
});

test('what comes back is read as fetch read it: headers joined and in order, a BOM dropped, a compressed body decoded', async () => {
  const cases: [string, Buffer][] = [
    ['X-B: 1\r\nx-a: 2\r\nX-B: 3\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n', Buffer.from('\uFEFF{"é":1}')],
    ['Content-Encoding: gzip\r\n', gzipSync('{"zipped":true}')],
    ['Content-Encoding: compress\r\n', Buffer.from('left as it came')],
  ];
  const s = await raw((_, socket, n) => {
    const [headers, body] = cases[n - 1]!;
    socket.write(
      Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${headers}content-length: ${body.length}\r\n\r\n`), body]),
    );
  });
  try {
    const first = await requested('GET', s.url, {});
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.responseHeaders), ['content-length', 'set-cookie', 'x-a', 'x-b']);
    assert.equal(first.responseHeaders['x-b'], '1, 3');
    assert.equal(first.responseHeaders['set-cookie'], 'b=2');
    assert.equal(first.text, '{"é":1}');
    assert.equal((await requested('GET', s.url, {})).text, '{"zipped":true}');
    assert.equal((await requested('GET', s.url, {})).text, 'left as it came');
  } finally {
    await s.close();
  }
});

test(
  'no whole answer: a timeout, a reset, a body cut short, a refused connection; each named',
  { timeout: 10_000 },
  async () => {
    const timeout = config.requestTimeoutMs;
    config.requestTimeoutMs = 300;
    const modes: ((socket: Socket) => void)[] = [
      () => {}, // never answers
      (socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{"a'), // then a byte never comes
      (socket) => socket.resetAndDestroy(),
      (socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 1000\r\n\r\n{"data":'),
    ];
    const s = await raw((_, socket, n) => modes[n - 1]!(socket));
    const why = (err: unknown) => describeNoAnswer('GET', 'U', err);
    try {
      const failures = [];
      for (let i = 0; i < modes.length; i++)
        failures.push(await requested('GET', s.url, {}).then(() => 'answered', why));
      await s.close();
      failures.push(await requested('GET', s.url, {}).then(() => 'answered', why));
      assert.deepEqual(failures, [
        'GET U timed out after 300 ms (no answer)',
        'GET U timed out after 300 ms (no answer)',
        'GET U got no HTTP answer (read ECONNRESET)',
        "GET U got no HTTP answer (the connection closed after 8 of the 1000 bytes of the answer's body (content-length))",
        `GET U got no HTTP answer (connect ECONNREFUSED ${s.url.slice('http://'.length)})`,
      ]);
    } finally {
      config.requestTimeoutMs = timeout;
    }
  },
);

test('a kept-alive connection the target closed meanwhile: the request goes out again on a new one', async () => {
  // The first answer keeps the connection; the server then closes it without a word as the next request arrives.
  const s = await raw((_, socket, n) =>
    n === 1 ? ok(socket, '"first"') : n === 2 ? socket.resetAndDestroy() : ok(socket, '"again"'),
  );
  try {
    assert.equal((await requested('GET', s.url, {})).text, '"first"');
    assert.equal((await requested('POST', s.url, {}, Buffer.from('x'))).text, '"again"');
    assert.equal(s.got.length, 3);
  } finally {
    await s.close();
  }
});
