// The harness's ceiling: a server doing nothing but answer fixed bytes, measured by the same load generator on the
// same machine. `node scripts/bench/ceiling.ts <http|express> <port> [body.json]`: a small fixed JSON body, or the
// bytes of a file (the reference server's own answer, saved by the bench). What no server can beat here (the load
// generator shares the machine's cores), so a latency bar is read against it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';

const [kind, port, file] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
const bytes = file
  ? readFileSync(file)
  : Buffer.from(JSON.stringify({ success: true, status: 200, data: { id: 1, title: 'Ceiling' } }));
if (kind === 'express') {
  // The reference server's own Express settings and body parser, and no handler work.
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.raw({ type: () => true, limit: 1024 * 1024 }));
  app.use((_req, res) => {
    res.status(200).type('application/json').send(bytes);
  });
  app.listen(port, '127.0.0.1');
} else {
  createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(bytes);
  }).listen(port, '127.0.0.1');
}
