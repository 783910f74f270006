// The last step of `npm run spec` (npm run spec:arazzo [-- --check]): writes openapi/arazzo/<tag>.arazzo.yaml, the
// API's real flows as Arazzo 1.0.1 workflows that `redocly respect` runs against a server, made from the bundle alone:
// - the token: one workflow per token operation and example of its body (§4.1, D-06), each then making a call with it;
// - the lifecycle of every resource whose add `links` to its get and delete (D-01, D-04): a token, what it needs made
//   first (the parent its path names, the resources its body names by id), the add, then the operations the links
//   name (the get, each update at the linked paths, the delete) with the ids the add answered, its list or search
//   narrowed to it by a filter, a get of the deleted one (404), and the deletes of what it made, newest first;
// - the checkout and the shipment of the reference extensions (D-20), through a shipping service made first (D-18).
// Bodies are the document's request examples: a body field naming a resource by id (`productId: 1042`) names one the
// workflow made, an App's address (D-19) is under the `appUrl` input. Every workflow deletes what it made, so a
// target keeps none of it and the examples' unique fields (sku, path, reference) are free for the next run.
// `--check` writes nothing and exits 1 when a file is stale or one is left that the document no longer makes;
// scripts/arazzo.test.ts makes the same check in npm test and runs every file against the reference server.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stringify } from 'yaml';
import { bundlePath, deref, op, operations, resolvePointer, type Json, type Operation } from '../openapi/contract.ts';
import { root } from './run.ts';

export const arazzoDir = join(root, 'openapi/arazzo');
/** The workflows' name for the document: `redocly respect … --server store=<base_url>` points them at a target. */
export const SOURCE = 'store';

type Step = Record<string, Json> & { stepId: string };
interface Workflow {
  workflowId: string;
  summary: string;
  description: string;
  inputs: Json;
  steps: Step[];
}

const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);
/** `ProductPrice`: `product price`. */
const words = (noun: string) => noun.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const raw = (o: Operation): Json => resolvePointer(o.pointer);
/** The one 2xx status an operation answers (D-01, D-04): every step's success criterion. */
const success = (o: Operation) => Number(Object.keys(o.responses).find((s) => s.startsWith('2')));
const hasStatus = (o: Operation, status: number) => String(status) in o.responses;

/** What a token request carries, as RFC 6749 §2.3.1 names them, and the workflow inputs that hold them. */
const CREDENTIALS = { client_id: 'clientId', client_secret: 'clientSecret' } as const;
/**
 * A body's App addresses (D-19: the App's own endpoints, `https` or loopback `http`), by field, and where under the
 * `appUrl` input each one points: the App's rate and label endpoints (§4.5) and its webhook consumer (§6).
 */
const APP_PATHS: Record<string, string> = { ratesUrl: 'rates', labelsUrl: 'labels', url: 'hooks' };

/** The examples of a request body, by media type, named (`credentialsInBody`) or, for a lone `example`, by nothing. */
function bodyExamples(o: Operation): { mediaType: string; name?: string; value: Json }[] {
  const content = deref(raw(o).requestBody)?.content ?? {};
  return Object.entries(content as Record<string, Json>).flatMap(([mediaType, media]) =>
    media.example !== undefined
      ? [{ mediaType, value: media.example }]
      : Object.entries(media.examples ?? {}).map(([name, e]) => ({ mediaType, name, value: deref(e).value })),
  );
}

/** The token request of every other workflow: the first example that carries the credentials in the body. */
const tokenOp = operations.find((o) => o.tags.includes('Authentication'))!;
const tokenExample = bodyExamples(tokenOp).find((e) => 'client_id' in e.value)!;

/** Token steps: the example's body with the credentials as inputs, or without them and the credentials in Basic. */
function tokenStep(o: Operation, example: { mediaType: string; value: Json }): Step {
  const payload = { ...example.value };
  for (const [field, input] of Object.entries(CREDENTIALS)) if (field in payload) payload[field] = `$inputs.${input}`;
  const basic = !('client_id' in example.value);
  const scheme = basic ? Object.keys((raw(o).security as Json[]).find((s) => Object.keys(s).length)!)[0] : undefined;
  return {
    stepId: 'createToken',
    description: `${raw(o).summary} by the client credentials grant, the credentials ${basic ? `in HTTP Basic (${scheme})` : 'in the body'} (§4.1, D-06).`,
    operationId: o.operationId,
    ...(scheme
      ? {
          'x-security': [
            { schemeName: scheme, values: { username: '$inputs.clientId', password: '$inputs.clientSecret' } },
          ],
        }
      : {}),
    requestBody: { contentType: example.mediaType, payload },
    successCriteria: [{ condition: `$statusCode == ${success(o)}` }],
    outputs: { accessToken: '$response.body#/access_token' },
  };
}

/** The bearer token of the workflow's token step, under the operation's own security scheme (D-05, D-07). */
function security(o: Operation): Json {
  const scheme = Object.keys((raw(o).security ?? resolvePointer('#/security'))[0] ?? {})[0];
  return scheme
    ? { 'x-security': [{ schemeName: scheme, values: { accessToken: '$steps.createToken.outputs.accessToken' } }] }
    : {};
}

/** A resource the API adds: its add, and what the add's `links` name (D-01, D-04), each with its parameters. */
interface Family {
  create: Operation;
  /** `Product`, `ProductPrice`: the add's operationId without its verb. */
  noun: string;
  links: { op: Operation; params: Record<string, string> }[];
  /** The pointer into the add's answer where its id is (`/data/id`), from the links. */
  idPointer: string;
}
const families: Family[] = operations.flatMap((create) => {
  const links = raw(create).responses?.[String(success(create))]?.links as Record<string, Json> | undefined;
  if (create.method !== 'POST' || !links) return [];
  const linked = Object.values(links).map((l) => ({
    op: op(l.operationId),
    params: l.parameters as Record<string, string>,
  }));
  const pointer = Object.values(linked[0]!.params).find((v) => v.startsWith('$response.body#'))!;
  return [
    { create, noun: create.operationId.replace(/^create/, ''), links: linked, idPointer: pointer.split('#')[1]! },
  ];
});
const familyOf = (noun: string) => families.find((f) => f.noun === noun);
const deleteOf = (f: Family) => f.links.find((l) => l.op.method === 'DELETE');

/**
 * The resource a path parameter of an add names: the one added at the collection of the segment before it
 * (`/api/v2/products/{productId}/prices.json`: the add at `…/products.json`).
 */
function parentOf(path: string, param: string): Family {
  const parts = path.split('/');
  const segment = parts[parts.indexOf(`{${param}}`) - 1];
  const parent = families.find((f) => f.create.path.endsWith(`/${segment}.json`) && !f.create.path.includes('{'));
  if (!parent) throw new Error(`${path}: no add of the resource {${param}} names`);
  return parent;
}

/**
 * The resource a body field names by id: `resourceId` beside `resource: product` the one that field names, else
 * `<name>Id` the resource called so (`productId`, `shippingServiceId`) or, alone of its kind, ending so (`valueId`:
 * SpecificationValue). Undefined for ids of things the API does not add (`locationId`, D-43).
 */
function referenceOf(body: Json, field: string): Family | undefined {
  const name = /^(.+)Id$/.exec(field)?.[1];
  if (!name || typeof body[field] !== 'number') return undefined;
  const named = typeof body[name] === 'string' ? (body[name] as string) : name;
  const noun = named[0]!.toUpperCase() + named.slice(1);
  const ending = families.filter((f) => f.noun.endsWith(noun));
  return familyOf(noun) ?? (ending.length === 1 ? ending[0] : undefined);
}

/** A body field's schema (the first object schema of `allOf` that has it, references followed). */
function fieldSchema(schema: Json, field: string): Json {
  const s = deref(schema);
  return deref(s?.properties?.[field]) ?? (s?.allOf ?? []).map((b: Json) => fieldSchema(b, field)).find(Boolean);
}

/** One workflow being written: its steps, and what it has made so far (by noun: the step that added it). */
class Flow {
  steps: Step[] = [];
  made = new Map<string, string>();
  usesApp = false;
  /** Every workflow starts with a token (§5: before any API data is accessed), by default of the common request. */
  constructor(token = tokenStep(tokenOp, tokenExample)) {
    this.steps.push(token);
  }

  /**
   * The body of an operation: its example (or `example`), with `taken` fields replaced, ids naming resources this
   * workflow made (making them first), and App URLs under `appUrl`.
   */
  body(o: Operation, example: Json = o.requestExample, taken: Record<string, string> = {}): Json {
    const bodySchema = o.bodyPointer ? resolvePointer(o.bodyPointer) : undefined;
    const walk = (node: Json, schema: Json): Json => {
      if (Array.isArray(node)) return node.map((n) => walk(n, deref(schema)?.items));
      if (!node || typeof node !== 'object') return node;
      const out: Json = {};
      for (const [k, v] of Object.entries(node)) {
        const s = fieldSchema(schema, k);
        const ref = referenceOf(node, k);
        if (k in taken) out[k] = taken[k];
        else if (ref) out[k] = `$steps.${this.make(ref)}.outputs.id`;
        else if (typeof v === 'string' && s?.format === 'uri' && /\bD-19\b/.test(s.description ?? '')) {
          if (!APP_PATHS[k]) throw new Error(`${o.operationId}: ${k} is an App URL (D-19) with no place under appUrl`);
          this.usesApp = true;
          out[k] = `{$inputs.appUrl}/${APP_PATHS[k]}`;
        } else out[k] = walk(v, s);
      }
      return out;
    };
    return walk(structuredClone(example), bodySchema);
  }

  /** Makes a resource (its parents and references first) unless made already; its add's step id. */
  make(f: Family): string {
    const made = this.made.get(f.noun);
    if (made) return made;
    const { stepId } = this.add(f);
    this.made.set(f.noun, stepId);
    return stepId;
  }

  /** The add of a family (step id: its operationId), its parents made first; the step, whose outputs hold the id. */
  add(f: Family): Step {
    const parameters = [...f.create.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name: name!,
      in: 'path',
      value: `$steps.${this.make(parentOf(f.create.path, name!))}.outputs.id`,
    }));
    return this.call(f.create, f.create.operationId, `${raw(f.create).summary}: the document's example.`, {
      parameters,
      body: this.body(f.create),
      outputs: { id: `$response.body#${f.idPointer}` },
    });
  }

  /** A step calling an operation, with the token, parameters and body given, and its success status (or `status`). */
  call(
    o: Operation,
    stepId: string,
    description: string,
    options: { parameters?: Json[]; body?: Json; outputs?: Json; status?: number; criteria?: string[] } = {},
  ): Step {
    const status = options.status ?? success(o);
    if (!hasStatus(o, status)) throw new Error(`${o.operationId} answers no ${status}`);
    const step: Step = {
      stepId,
      description,
      operationId: o.operationId,
      ...security(o),
      ...(options.parameters?.length ? { parameters: options.parameters } : {}),
      ...(options.body !== undefined
        ? { requestBody: { contentType: 'application/json', payload: options.body } }
        : {}),
      successCriteria: [`$statusCode == ${status}`, ...(options.criteria ?? [])].map((condition) => ({ condition })),
      ...(options.outputs ? { outputs: options.outputs } : {}),
    };
    this.steps.push(step);
    return step;
  }

  /** A linked operation's parameters: `$response.body#…` is the add's id, `$request.path.x` what the add got. */
  linked(params: Record<string, string>, add: Step): Json[] {
    return Object.entries(params).map(([name, expr]) => {
      const from = /^\$request\.path\.(\w+)$/.exec(expr)?.[1];
      const value = from
        ? (add.parameters as Json[]).find((p) => p.name === from)!.value
        : `$steps.${add.stepId}.outputs.id`;
      return { name, in: 'path', value };
    });
  }

  /** The deletes of what the workflow made, newest first (a parent last: its delete would take its children, D-40). */
  cleanUp(): void {
    for (const [noun, stepId] of [...this.made].reverse()) {
      const del = deleteOf(familyOf(noun)!);
      const add = this.steps.find((s) => s.stepId === stepId)!;
      if (del)
        this.call(del.op, `${del.op.operationId}Made`, `${raw(del.op).summary}: made for this workflow.`, {
          parameters: this.linked(del.params, add),
        });
    }
  }
}

/** The list (or search) of a family: a GET of its tag without an id the add answered, at its path or beside it. */
function listOf(f: Family): Operation | undefined {
  const item = new Set(f.links.map((l) => l.op.operationId));
  return operations.find(
    (o) => o.method === 'GET' && o.tags.some((t) => f.create.tags.includes(t)) && !item.has(o.operationId),
  );
}

/** Where a list's answer holds its items (`data`, D-03; `contacts`, D-11): the array property of its success body. */
function itemsKey(o: Operation): string {
  const schema = deref(deref(o.responses[String(success(o))])?.content?.['application/json']?.schema);
  const props = [schema, ...(schema?.allOf ?? []).map((s: Json) => deref(s))].flatMap((s) =>
    Object.entries((s?.properties ?? {}) as Record<string, Json>),
  );
  const key = props.find(([, p]) => deref(p)?.type === 'array')?.[0];
  if (!key) throw new Error(`${o.operationId}: no list in its answer`);
  return key;
}

function lifecycle(f: Family): Workflow {
  const flow = new Flow();
  const add = flow.add(f);
  const get = f.links.find((l) => l.op.method === 'GET');
  const del = deleteOf(f)!;
  const readBack = [`$response.body#${f.idPointer} == $steps.${add.stepId}.outputs.id`];
  if (get)
    flow.call(get.op, get.op.operationId, `${raw(get.op).summary}: the one just added, by its id.`, {
      parameters: flow.linked(get.params, add),
      criteria: readBack,
    });
  // Every write at a linked item path: the linked update, and another method at its path (a POST beside a PUT, D-11).
  const linkedPaths = new Set(f.links.map((l) => l.op.path));
  const updates = operations.filter(
    (o) => linkedPaths.has(o.path) && !['GET', 'DELETE'].includes(o.method) && o.requestExample !== undefined,
  );
  for (const u of updates) {
    const params = (f.links.find((l) => l.op.path === u.path) ?? get)!.params;
    flow.call(u, u.operationId, `${raw(u).summary}: the document's example of the change.`, {
      parameters: flow.linked(params, add),
      body: flow.body(u),
      criteria: readBack,
    });
  }
  const list = listOf(f);
  if (list) flow.call(list, list.operationId, ...listing(f, list, add));
  flow.call(del.op, del.op.operationId, `${raw(del.op).summary}: the one added.`, {
    parameters: flow.linked(del.params, add),
  });
  if (get && hasStatus(get.op, 404))
    flow.call(get.op, `${get.op.operationId}Deleted`, `${raw(get.op).summary}: the one deleted, which is gone.`, {
      parameters: flow.linked(get.params, add),
      status: 404,
    });
  flow.cleanUp();
  const noun = words(f.noun);
  const made = [...flow.made.keys()].map(words).join(', ');
  const parts = [
    'a token',
    ...(made ? [`what the add needs made first (${made})`] : []),
    'the add',
    `${f.links.map((l) => l.op.operationId).join(', ')} (its links) with the id it answered`,
    ...(list ? [list.operationId] : []),
    ...(get && hasStatus(get.op, 404) ? ['a read of the deleted one'] : []),
    ...(made ? ['the deletes of what was made'] : []),
  ];
  return workflow(
    flow,
    `${lowerFirst(f.noun)}Lifecycle`,
    `Add, read, change, list and delete one ${noun}`,
    `The lifecycle of one ${noun} (${[...f.create.source, ...f.create.decision].join(', ')}): ${parts.join(', ')}.`,
  );
}

/**
 * A list step's parameters, description and criteria: narrowed to the added item by a filter of `id` or of a field the
 * add's example set (`email`), or by a parent the workflow made (which holds nothing else); then it must hold the
 * item. An unnarrowed list is only read.
 */
function listing(f: Family, list: Operation, add: Step): [string, Json] {
  const parents = (add.parameters as Json[] | undefined)?.filter((p) => list.path.includes(`{${p.name}}`)) ?? [];
  const example = Object.values(f.create.requestExample ?? {})[0] as Json;
  const filter =
    list.parameters.find((p) => p['x-filter']?.field === 'id' && ['in', 'eq'].includes(p['x-filter'].op)) ??
    list.parameters.find(
      (p) => ['in', 'eq'].includes(p['x-filter']?.op ?? '') && typeof example?.[p['x-filter']!.field] === 'string',
    );
  const query = filter
    ? [
        {
          name: filter.name,
          in: 'query',
          value:
            filter['x-filter']!.field === 'id' ? `$steps.${add.stepId}.outputs.id` : example[filter['x-filter']!.field],
        },
      ]
    : [];
  const narrowed = filter !== undefined || parents.length > 0;
  const by = filter ? `\`${filter.name}\`` : parents.length ? 'its parent, made for it' : undefined;
  return [
    `${raw(list).summary}${by ? `, narrowed by ${by}: it holds the one added` : ''}.`,
    {
      parameters: [...parents, ...query],
      criteria: narrowed ? [`$response.body#/${itemsKey(list)}/0/id == $steps.${add.stepId}.outputs.id`] : [],
    },
  ];
}

/** The token workflows: each token operation with each example of its body, then a call made with the token. */
function tokenWorkflows(): Workflow[] {
  // The first operation that takes a bearer token and needs nothing else (no path, no body).
  const use = operations.find(
    (o) => o.security !== null && !o.path.includes('{') && o.method === 'GET' && !o.parameters.some((p) => p.required),
  )!;
  return operations
    .filter((o) => o.tags.includes('Authentication'))
    .flatMap((o) =>
      bodyExamples(o).map((example) => {
        const flow = new Flow(tokenStep(o, example));
        flow.call(use, use.operationId, `${raw(use).summary}, with the token just issued (D-05).`);
        const as = [example.mediaType, example.name].filter(Boolean).join(', the example ');
        return workflow(
          flow,
          [o.operationId, example.mediaType.split(/[/-]/).pop(), example.name].filter(Boolean).join('-'),
          `${raw(o).summary} (${as})`,
          `The client credentials grant at ${o.path} (${[...o.source, ...o.decision].join(', ')}), as ${as}; then ${use.operationId} with the token.`,
        );
      }),
    );
}

/**
 * The checkout and the shipment of the reference extensions (D-20): a shipping service is made first, since checkout
 * asks every active service for rates (§4.5 rule 7) and answers 200 without options when none answers; the shipment
 * takes the option the checkout offered (its service and `serviceCode`), and the service labels its box (§4.5 rules
 * 2, 9).
 */
function checkoutWorkflow(): Workflow {
  const flow = new Flow();
  const service = flow.make(familyOf('ShippingService')!);
  const checkout = op('calculateCheckoutRates');
  const option = '/data/options/0';
  flow.call(
    checkout,
    checkout.operationId,
    `${raw(checkout).summary}: the document's cart, of a product made for it; the service made first offers an option.`,
    {
      body: flow.body(checkout),
      outputs: {
        serviceCode: `$response.body#${option}/serviceCode`,
        shippingServiceId: `$response.body#${option}/shippingServiceId`,
      },
      criteria: [`$response.body#${option}/shippingServiceId == $steps.${service}.outputs.id`],
    },
  );
  const taken = {
    serviceCode: `$steps.${checkout.operationId}.outputs.serviceCode`,
    shippingServiceId: `$steps.${checkout.operationId}.outputs.shippingServiceId`,
  };
  const shipment = familyOf('Shipment')!;
  const add = flow.call(
    shipment.create,
    shipment.create.operationId,
    `${raw(shipment.create).summary}: the same cart with the option offered; the App labels its box.`,
    {
      body: flow.body(shipment.create, shipment.create.requestExample, taken),
      outputs: { id: `$response.body#${shipment.idPointer}` },
      criteria: [`$response.body#/data/boxes/0/labelStatus == 'created'`],
    },
  );
  for (const l of shipment.links)
    flow.call(l.op, l.op.operationId, `${raw(l.op).summary}: the one just made.`, {
      parameters: flow.linked(l.params, add),
      criteria: [`$response.body#${shipment.idPointer} == $steps.${add.stepId}.outputs.id`],
    });
  flow.cleanUp();
  return workflow(
    flow,
    'checkoutAndShipment',
    'Check out a cart and ship it with the option offered',
    [
      'A shipping service whose App (the appUrl input) answers rate and label requests (D-18), a product, the checkout',
      'rates of a cart of it (calculateCheckoutRates, D-20), a shipment with the option offered (createShipment, D-20,',
      'D-49), a read of the shipment, and the deletes of what was made. The two operations are reference extensions: a',
      'target without them has no such flow.',
    ].join(' '),
  );
}

const workflow = (flow: Flow, workflowId: string, summary: string, description: string): Workflow => ({
  workflowId,
  summary,
  description,
  inputs: { $ref: `#/components/inputs/${flow.usesApp ? 'clientAndApp' : 'client'}` },
  steps: flow.steps,
});

/** The workflow inputs: the App client's credentials (defaults: the token example's), and an App's base address. */
const clientInputs = Object.fromEntries(
  Object.entries(CREDENTIALS).map(([field, input]) => [
    input,
    { type: 'string', description: `The App client's ${field} (§4.1, §5).`, default: tokenExample.value[field] },
  ]),
);
const inputs = {
  client: { type: 'object', properties: clientInputs },
  clientAndApp: {
    type: 'object',
    required: ['appUrl'],
    properties: {
      ...clientInputs,
      appUrl: {
        type: 'string',
        description: `The base address of an App the target reaches (D-19): ${Object.entries(APP_PATHS)
          .map(([field, path]) => `${field} is <appUrl>/${path}`)
          .join(', ')}; its rate and label endpoints must answer (§2.10, §2.11).`,
      },
    },
  },
};

/** Every file: `<tag>.arazzo.yaml` by the tag of its workflows' first add (`Product prices`: product-prices). */
export function generate(): Map<string, string> {
  const files = new Map<string, Workflow[]>();
  const put = (tag: string, w: Workflow) => {
    const name = `${tag.toLowerCase().replace(/\s+/g, '-')}.arazzo.yaml`;
    files.set(name, [...(files.get(name) ?? []), w]);
  };
  for (const w of tokenWorkflows()) put(tokenOp.tags[0]!, w);
  for (const f of families) if (deleteOf(f)) put(f.create.tags[0]!, lifecycle(f));
  put(op('calculateCheckoutRates').tags[0]!, checkoutWorkflow());
  const source = relative(arazzoDir, bundlePath);
  return new Map(
    [...files].map(([name, workflows]) => {
      const used = new Set(workflows.map((w) => (w.inputs.$ref as string).split('/').pop()!));
      const document = {
        arazzo: '1.0.1',
        info: {
          title: `${resolvePointer('#/info/title')}: ${name.replace('.arazzo.yaml', '')} flows`,
          summary: `The flows of ${name.replace('.arazzo.yaml', '').replace(/-/g, ' ')}, run by \`redocly respect\`.`,
          version: resolvePointer('#/info/version'),
        },
        sourceDescriptions: [{ name: SOURCE, url: source, type: 'openapi' }],
        workflows,
        components: { inputs: Object.fromEntries(Object.entries(inputs).filter(([k]) => used.has(k))) },
      };
      const header = [
        '# Generated by `npm run spec` (scripts/arazzo.ts) from openapi/dist/openapi.json: do not edit.',
        `# Run: npx redocly respect openapi/arazzo/${name} --server ${SOURCE}=<base_url>${used.has('clientAndApp') ? ' --input appUrl=<an App>' : ''}`,
      ];
      return [name, `${header.join('\n')}\n${stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })}`];
    }),
  );
}

if (import.meta.main) {
  const generated = generate();
  mkdirSync(arazzoDir, { recursive: true });
  const present = readdirSync(arazzoDir).filter((f) => f.endsWith('.arazzo.yaml'));
  const stale = [
    ...[...generated]
      .filter(([name, text]) => !present.includes(name) || readFileSync(join(arazzoDir, name), 'utf8') !== text)
      .map(([n]) => n),
    ...present.filter((name) => !generated.has(name)),
  ];
  const count = `${generated.size} files, ${[...generated.values()].reduce((n, t) => n + (t.match(/^ {2}- workflowId:/gm)?.length ?? 0), 0)} workflows`;
  if (process.argv.includes('--check')) {
    if (stale.length) {
      console.error(`openapi/arazzo: stale (${stale.join(', ')}), not the document's flows; run \`npm run spec\``);
      process.exit(1);
    }
    console.log(`openapi/arazzo: up to date (${count})`);
  } else {
    for (const name of present.filter((n) => !generated.has(n))) rmSync(join(arazzoDir, name));
    for (const [name, text] of generated) writeFileSync(join(arazzoDir, name), text);
    console.log(`openapi/arazzo: ${stale.length ? `written (${stale.join(', ')})` : 'up to date'}, ${count}`);
  }
}
