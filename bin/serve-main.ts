// `npm run serve [-- --port 8080 --host 127.0.0.1 --db data.sqlite --clients clients.json
// --cors-origin http://localhost:5173 --demo --allow-private-urls]` (`--help` lists them), and the command that
// shared/server-process.ts starts as the reference server: the server composed with the reference App and the
// instruments (serve.ts).
import { serveComposed } from './serve.ts';

await serveComposed(process.argv.slice(2), 'npm run serve --');
