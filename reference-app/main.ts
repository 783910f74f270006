// `npm run serve-app [-- --port 8090 --host 127.0.0.1 --secret S]` (`--help` lists them): cli.ts.
import { serveApp } from './cli.ts';

await serveApp(process.argv.slice(2));
