// `store-api-conformance init`: a dialect drafted from what the team already has, its OpenAPI document
// (`--from-openapi`), its live target (`--probe` with `--clients`), or both (the document for names, the probe for
// answers). Its arguments and help; the facts are read by document.ts and probe.ts, guessed by guess/ and written
// by write.ts. Exit status 0 written, 1 failed, 2 bad input (one line says which).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { InitInputError, readDocument, type DocumentFacts } from './document.ts';
import { guessAll, type ClientsFile, type Facts } from './guess/index.ts';
import { probe } from './probe.ts';
import { writeDialect } from './write.ts';

export const INIT_HELP = [
  'Usage: store-api-conformance init [--from-openapi FILE] [--probe URL --clients FILE] [--out FILE] [--force]',
  '',
  'Drafts a dialect file (README.md, "A dialect") from what you already have: every key guessed with its evidence',
  'as a comment, `# TODO` where it cannot tell, and keys that are the same as ours left unstated. Check it, then run',
  'the suite with --dialect.',
  '',
  'Options:',
  '  --from-openapi <FILE>',
  '      Your OpenAPI document (YAML or JSON, 3.0 or 3.1; its local $refs followed): body wrappers, statuses, error',
  '      and list shapes, paging parameters, field names per add, scopes, webhooks and their signatures, your',
  '      shipping-service path, candidate checkout and dispatch requests. Sends nothing.',
  '  --probe <URL>',
  '      Your running target, read with a few harmless requests (needs --clients): a token request as the `full`',
  '      client; a GET of each of our lists without a path parameter (products, specifications, roles, geozones,',
  '      inventory, redirects, webhooks, shipping services) and of the contact search; a GET of the first contact',
  '      it lists; and one invalid request on purpose, POST /api/v2/products.json with the body {}, to see your',
  '      error answer. It makes nothing: if that add is accepted, the product it made is deleted at once.',
  '  --clients <FILE>',
  "      Your clients file, in the suite's format (README.md, CONFORMANCE_CLIENTS); its `scope:<ours>` clients also",
  '      name your scopes.',
  '  --out <FILE>',
  '      Where the dialect goes (default: dialect.yaml); an existing file is kept unless --force.',
  '  --force',
  '      Overwrites --out.',
  '  --help',
  '',
  'Both --from-openapi and --probe may be given: the document for names, the probe for answers.',
  'Exit status: 0 the dialect was written; 1 it could not be; 2 a bad option, or a file or URL that cannot be read.',
].join('\n');

/** The clients file: credentials by role, or an InitInputError. */
function readClients(file: string): ClientsFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InitInputError(
      `--clients ${file}: cannot read it as JSON (${(err as NodeJS.ErrnoException).code ?? (err as Error).message.split('\n')[0]})`,
    );
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new InitInputError(`--clients ${file}: expected an object of clients by role ("full", "readonly", …)`);
  return data as ClientsFile;
}

/** What init was given, read; the dialect's text. Exposed for the tests, which write no file. */
export async function draft(options: {
  fromOpenapi?: string;
  probe?: string;
  clients?: string;
  log?: (line: string) => void;
}): Promise<string> {
  const facts: Facts = {};
  const sources: string[] = [];
  let doc: DocumentFacts | undefined;
  if (options.fromOpenapi) {
    doc = readDocument(options.fromOpenapi);
    facts.doc = doc;
    sources.push(`--from-openapi ${options.fromOpenapi} (OpenAPI ${doc.version}, ${doc.operations.length} operations)`);
  }
  if (options.clients) facts.clients = readClients(options.clients);
  if (options.probe) {
    if (!facts.clients) throw new InitInputError('--probe needs --clients FILE (its `full` client asks for the token)');
    if (!facts.clients.full?.clientId)
      throw new InitInputError(`--clients ${options.clients}: no "full" client with a clientId`);
    let url: URL;
    try {
      url = new URL(options.probe);
      if (!/^https?:$/.test(url.protocol)) throw new Error('not http or https');
    } catch {
      throw new InitInputError(`--probe ${options.probe}: not an http or https URL`);
    }
    const tokenPath = doc?.tokenUrl;
    facts.probe = await probe(url.href.replace(/\/$/, ''), facts.clients, {
      ...(tokenPath ? { tokenPath } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    sources.push(`--probe ${options.probe} with --clients ${options.clients}`);
  } else if (options.clients) sources.push(`--clients ${options.clients}`);
  return writeDialect(guessAll(facts), sources);
}

/** `store-api-conformance init …`: 0 written, 1 failed, 2 bad input (README of conformance/init/). */
export async function init(args: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        'from-openapi': { type: 'string' },
        probe: { type: 'string' },
        clients: { type: 'string' },
        out: { type: 'string', default: 'dialect.yaml' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    console.error(`init: ${(err as Error).message}\n(store-api-conformance init --help lists the options)`);
    return 2;
  }
  if (values.help) {
    console.log(INIT_HELP);
    return 0;
  }
  if (!values['from-openapi'] && !values.probe) {
    console.error(
      'init: give --from-openapi FILE, --probe URL --clients FILE, or both\n(store-api-conformance init --help lists the options)',
    );
    return 2;
  }
  const out = values.out as string;
  if (existsSync(out) && !values.force) {
    console.error(`init: ${out} exists; give --force to overwrite it, or --out another file`);
    return 2;
  }
  try {
    const text = await draft({
      ...(values['from-openapi'] ? { fromOpenapi: values['from-openapi'] as string } : {}),
      ...(values.probe ? { probe: values.probe as string } : {}),
      ...(values.clients ? { clients: values.clients as string } : {}),
      log: (line) => console.log(`  ${line}`),
    });
    writeFileSync(out, text);
    const todo = (text.match(/^\s*# TODO /gm) ?? []).length;
    console.log(`Wrote ${out}: check each guess; ${todo} TODO(s) to decide.`);
    return 0;
  } catch (err) {
    if (err instanceof InitInputError) {
      console.error(`init: ${err.message}`);
      return 2;
    }
    console.error(`init failed: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}
