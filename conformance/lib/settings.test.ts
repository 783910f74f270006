// The suite's settings, declared once: values are checked, each problem naming the setting and what it accepts.
// README.md's table of them is the list's (scripts/settings-table.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SettingsError } from '../../shared/settings.ts';
import { envOfFlags, givenSettings, readSettings, SETTINGS } from './settings.ts';

test('every setting has an environment name, a meaning of one sentence, and a config-file key equal to its name', () => {
  const envs = Object.values(SETTINGS).map((s) => s.env);
  assert.equal(new Set(envs).size, envs.length, 'environment names are unique');
  for (const s of Object.values(SETTINGS)) {
    assert.match(s.meaning, /^[A-Z`'"].*\.$/, `${s.env}: a sentence`);
    if (s.env !== 'CONFORMANCE_CONFIG') assert.equal('key' in s && s.key, s.env, `${s.env}: its config-file key`);
  }
});

test('defaults apply when nothing is given; an empty variable counts as unset', () => {
  const s = readSettings({ TARGET_URL: '', CONFORMANCE_WORKERS: '' });
  assert.equal(s.targetUrl, undefined);
  assert.equal(s.workers, 4);
  assert.equal(s.profile, 'contract');
  assert.equal(s.manualCallbacks, false);
  assert.equal(s.manualTimeoutMs, 120_000);
  assert.equal(s.reportDir, resolve('reports/conformance'));
  assert.deepEqual(givenSettings({}), {});
});

test('values are parsed: URLs lose a trailing slash, numbers and flags become numbers and booleans', () => {
  const s = readSettings({
    TARGET_URL: 'https://store.example.com/',
    CALLBACK_PORT: '8081',
    CONFORMANCE_MANUAL_CALLBACKS: '1',
    CONFORMANCE_SLOW_MS: '0',
    CONFORMANCE_PROFILE: 'source',
  });
  assert.equal(s.targetUrl, 'https://store.example.com');
  assert.equal(s.callbackPort, 8081);
  assert.equal(s.manualCallbacks, true);
  assert.equal(s.slowMs, 0);
  assert.equal(s.profile, 'source');
});

test('a bad value fails with every problem, naming the setting and what it accepts', () => {
  const bad = () => readSettings({ CONFORMANCE_WORKERS: 'abc', CONFORMANCE_PROFILE: 'strict', TARGET_URL: 'store' });
  assert.throws(bad, SettingsError);
  assert.throws(bad, /CONFORMANCE_WORKERS="abc" \(environment\): expected a whole number from 1/);
  assert.throws(bad, /CONFORMANCE_PROFILE="strict" \(environment\): expected `contract` or `source`/);
  assert.throws(bad, /TARGET_URL="store" \(environment\): expected an http or https URL/);
  assert.throws(() => readSettings({ CALLBACK_PORT: '70000' }), /CALLBACK_PORT.*from 0 to 65535/);
  assert.throws(() => readSettings({ CONFORMANCE_MANUAL_CALLBACKS: 'yes' }), /CONFORMANCE_MANUAL_CALLBACKS/);
});

test('a bad value given as an option of the command is reported as that option, not as the environment', () => {
  const env = { ...envOfFlags({ target: 'localhost:8080', profile: 'strict', workers: 'many' }), CALLBACK_PORT: 'x' };
  const bad = () => readSettings(env);
  assert.throws(bad, /--target "localhost:8080" \(option, sets TARGET_URL\): expected an http or https URL/);
  assert.throws(bad, /--profile "strict" \(option, sets CONFORMANCE_PROFILE\)/);
  assert.throws(bad, /--workers "many" \(option, sets CONFORMANCE_WORKERS\)/);
  assert.throws(bad, /CALLBACK_PORT="x" \(environment\)/);
});

test('the CONFORMANCE_CONFIG file gives the same keys; the environment wins; unknown keys and bad values fail', () => {
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  const file = join(dir, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({ CONFORMANCE_PROFILE: 'source', CONFORMANCE_WORKERS: 3, CALLBACK_HOST: 'suite.local' }),
  );
  const s = readSettings({ CONFORMANCE_CONFIG: file, CALLBACK_HOST: '10.0.0.2' });
  assert.equal(s.profile, 'source');
  assert.equal(s.workers, 3);
  assert.equal(s.callbackHost, '10.0.0.2');
  writeFileSync(file, JSON.stringify({ CONFORMANCE_WORKERS: 'many', CONFORMANCE_PROFLE: 'source' }));
  const bad = () => readSettings({ CONFORMANCE_CONFIG: file });
  assert.throws(bad, new RegExp(`CONFORMANCE_WORKERS="many" \\(key CONFORMANCE_WORKERS of ${file}\\)`));
  assert.throws(bad, /unknown key CONFORMANCE_PROFLE/);
  assert.throws(
    () => readSettings({ CONFORMANCE_CONFIG: join(dir, 'missing.json') }),
    /CONFORMANCE_CONFIG=.*: no such file/,
  );
});
