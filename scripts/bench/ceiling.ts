// The harness's ceiling: a server doing nothing but answer a small fixed JSON body, measured by the same load
// generator on the same machine. `node scripts/bench/ceiling.ts <http|express> <port>`. What no server can beat
// here (the load generator shares the machine's cores), so a latency bar is read against it.
import { createServer } from 'node:http';
import express from 'express';

const [kind, port] = [process.argv[2], Number(process.argv[3])];
const body = { success: true, status: 200, data: { id: 1, title: 'Ceiling' } };
if (kind === 'express') {
  // The reference server's own Express settings and body parser, and no handler work.
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.raw({ type: () => true, limit: 1024 * 1024 }));
  app.use((_req, res) => { res.status(200).json(body); });
  app.listen(port, '127.0.0.1');
} else {
  const text = JSON.stringify(body);
  createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(text); }).listen(port, '127.0.0.1');
}
