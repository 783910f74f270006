// `npm run serve [-- --port 8080 --host 127.0.0.1 --db data.sqlite --clients clients.json
// --cors-origin http://localhost:5173 --demo --allow-private-urls]` (`--help` lists them): cli.ts.
import { serve } from './cli.ts';

await serve(process.argv.slice(2));
