// The docs page's "Building a shipping App" (enrich.ts): where it stands among the introduction's sections; its three
// bodies valid against the schemas they name (RateRequest, RateResponse, LabelResponse); its Node sample accepting the
// reference server's own signature (D-16) and refusing another; the registration it shows a valid createShippingService
// body, for the loopback addresses D-19 accepts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { op } from '../../openapi/contract.ts';
import { validatorFor } from '../../openapi/validators.ts';
import { sign } from '../../shared/signing.ts';
import { enrich, sections } from './enrich.ts';

const page: string = enrich(new Set()).info.description;
const guide = page.slice(page.indexOf(`# ${sections.shippingApp}`), page.indexOf(`# ${sections.references}`));
/** The fenced blocks of the guide in `lang`, in order. */
const blocks = (lang: string) =>
  [...guide.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\`$`, 'gm'))].map((m) => m[1]!);

test('the guide stands after the event catalogue, before the references', () => {
  const at = (heading: string) => page.indexOf(`\n# ${heading}\n`);
  assert.ok(at(sections.events) < at(sections.shippingApp), 'after Events');
  assert.ok(at(sections.shippingApp) < at(sections.references), 'before the references');
  assert.match(guide, /store-api-conformance app --rates-url URL \[--labels-url URL\] \[--secret S\]/);
});

test('what the App receives and answers: valid against the schemas the guide names', () => {
  const bodies = blocks('json').map((b) => JSON.parse(b) as unknown);
  assert.equal(bodies.length, 3);
  ['RateRequest', 'RateResponse', 'LabelResponse'].forEach((name, i) => {
    const validate = validatorFor(`#/components/schemas/${name}`);
    assert.ok(validate(bodies[i]), `${name}: ${JSON.stringify(validate.errors)}`);
  });
});

test('the Node sample accepts the signature the service sends and refuses another (D-16)', async () => {
  const [sample] = blocks('js');
  assert.ok(sample);
  const dir = mkdtempSync(join(tmpdir(), 'guide-'));
  try {
    const file = join(dir, 'verify.mjs');
    writeFileSync(file, sample);
    const { verifySignature } = (await import(pathToFileURL(file).href)) as {
      verifySignature: (raw: Buffer, header: string | undefined, secret: string) => boolean;
    };
    const raw = '{"delivery":{"weight":560}}';
    assert.equal(verifySignature(Buffer.from(raw), sign(raw, 'secret'), 'secret'), true);
    assert.equal(verifySignature(Buffer.from(raw), sign(raw, 'other'), 'secret'), false);
    assert.equal(verifySignature(Buffer.from(raw), undefined, 'secret'), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the registration it shows is a valid createShippingService body', () => {
  const [sh] = blocks('sh').filter((b) => b.includes('/api/shipping/services.json'));
  const body = JSON.parse(/-d '([^']+)'/.exec(sh!)![1]!) as unknown;
  const create = op('createShippingService');
  const validate = validatorFor(`${create.pointer}/requestBody/content/application~1json/schema`);
  assert.ok(validate(body), JSON.stringify(validate.errors));
});
