// Evidence on every failure (issue 12): against a known-bad server, the failing requirement's entry in summary.md
// shows the request, the response and a curl line, and that curl line, run by hand, gets the same answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` };
const FAULT = 'envelopes.notFoundWithoutEnvelope';
const REQUIREMENT = 'routing.unknown-route.envelope';

test(
  `a failure's summary entry carries its HTTP exchange and a curl line that repeats it (${FAULT})`,
  { timeout: 120_000 },
  async () => {
    const server = spawn(process.execPath, [join(root, 'reference-server/server.ts'), '--port', '0'], {
      env: { ...env, FAULTS: FAULT },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const target = await new Promise<string>((resolve, reject) => {
        server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
        server.stdout!.on('data', (d: Buffer) => {
          const m = /listening on (http:\/\/\S+)/.exec(d.toString());
          if (m) resolve(m[1]!);
        });
      });
      const reports = mkdtempSync(join(tmpdir(), 'evidence-'));
      const run = spawnSync(join(root, 'node_modules/.bin/playwright'), ['test', '-g', REQUIREMENT], {
        cwd: root,
        encoding: 'utf8',
        env: { ...env, TARGET_URL: target, CONFORMANCE_REPORT_DIR: reports },
      });
      assert.notEqual(run.status, 0, 'the run must fail: the fault breaks the requirement');
      const summary = readFileSync(join(reports, 'summary.md'), 'utf8');
      const entry = summary.slice(summary.indexOf(`\`${REQUIREMENT}\``));
      assert.ok(summary.indexOf(`\`${REQUIREMENT}\``) > 0, `no entry for ${REQUIREMENT} in\n${summary}`);
      assert.match(entry, /^\s*> GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/no-such-resource\.json$/m, 'the request line');
      assert.match(entry, /^\s*> authorization: Bearer \*\*\*$/m, 'the token, masked');
      assert.match(entry, /^\s*< 404$/m, 'the response status');
      assert.match(entry, /^\s*< \{"message":"Not Found"\}$/m, 'the response body');
      const curl = /^\s*(curl .*)$/m.exec(entry)?.[1];
      assert.ok(curl, 'a curl line');
      // Run by hand, with a token of the same App client, it gets the same answer.
      const token = (await (
        await fetch(`${target}/admin/oauth/token.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials&client_id=conformance-full&client_secret=conformance-full-secret',
        })
      ).json()) as { access_token: string };
      const repeated = spawnSync('bash', ['-c', curl!], {
        encoding: 'utf8',
        env: { ...env, TOKEN: token.access_token },
      });
      assert.equal(repeated.status, 0, repeated.stderr);
      assert.match(repeated.stdout, /^HTTP\/1\.1 404/);
      assert.match(repeated.stdout, /\{"message":"Not Found"\}/);
    } finally {
      server.kill('SIGTERM');
    }
  },
);
