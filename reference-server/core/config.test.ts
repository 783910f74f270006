// The server's settings, declared once: the values are checked, and a bad one is reported with every other, one line
// each, naming the variable (or the option) and what it accepts. README.md's table of them is the list's
// (scripts/settings-table.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SettingsError } from '../../shared/settings.ts';
import { configFromEnv, DEFAULT_CURRENCY_RATES, readSettings, SETTINGS, type Setting } from './config.ts';

test('every setting has its own variable and option, a meaning of one sentence, and its decisions as D-nn', () => {
  const settings = Object.values(SETTINGS) as Setting[];
  const envs = settings.map((s) => s.env);
  const flags = settings.flatMap((s) => s.flag ?? []);
  assert.equal(new Set(envs).size, envs.length, 'variables are unique');
  assert.equal(new Set(flags).size, flags.length, 'options are unique');
  for (const s of settings) {
    assert.match(s.meaning, /^[A-Z`'"].*\.$/, `${s.env}: a sentence`);
    if (s.decisions) assert.match(s.decisions, /^D-\d\d(, D-\d\d)*$/, `${s.env}: its decisions`);
  }
});

test('defaults apply when nothing is given; an empty variable counts as unset', () => {
  const s = readSettings({ PORT: '', WEBHOOK_RETRY_BASE_MS: '', CURRENCY_RATES: '' });
  assert.equal(s.port, 8080);
  assert.equal(s.host, '127.0.0.1');
  assert.equal(s.db, undefined);
  assert.equal(s.corsOrigins, '*');
  assert.equal(s.demo, false);
  assert.equal(s.account, 'reference-store');
  assert.equal(s.webhookRetryBaseMs, 1000);
  assert.equal(s.webhookMaxAttempts, 6);
  assert.equal(s.callbackTimeoutMs, 5000);
  assert.equal(s.boxMaxWeight, 30000);
  assert.deepEqual(s.currencyRates, DEFAULT_CURRENCY_RATES);
  assert.equal(s.rateLimit, 0);
  const config = configFromEnv({});
  assert.equal('port' in config || 'host' in config, false, 'where to listen is not the app’s');
  assert.ok(config.clock() instanceof Date);
});

test('values are parsed: numbers, on and off, origins without a trailing slash, the rate table', () => {
  const s = readSettings({
    PORT: '0',
    HOST: '::',
    WEBHOOK_RETRY_BASE_MS: '200',
    RATE_LIMIT: '0',
    STORE_DEMO: 'true',
    STORE_ALLOW_PRIVATE_URLS: '1',
    CORS_ORIGIN: 'http://localhost:5173/, https://shop.example.com',
    CURRENCY_RATES: '{"GBP":1,"SEK":13.4}',
    STORE_DB: 'data.sqlite',
  });
  assert.equal(s.port, 0);
  assert.equal(s.host, '::');
  assert.equal(s.webhookRetryBaseMs, 200);
  assert.equal(s.rateLimit, 0);
  assert.equal(s.demo, true);
  assert.equal(s.allowPrivateUrls, true);
  assert.deepEqual(s.corsOrigins, ['http://localhost:5173', 'https://shop.example.com']);
  assert.deepEqual(s.currencyRates, { GBP: 1, SEK: 13.4 });
  assert.equal(s.db, 'data.sqlite');
  assert.equal(readSettings({ STORE_DEMO: '0', CORS_ORIGIN: '*' }).demo, false);
  assert.equal(readSettings({ CORS_ORIGIN: '*' }).corsOrigins, '*');
});

test('an option wins over the environment, and a bad one is named as the option the user typed', () => {
  const s = readSettings({ PORT: '9000', STORE_DEMO: '0' }, { port: '8081', demo: true });
  assert.equal(s.port, 8081);
  assert.equal(s.demo, true);
  assert.throws(
    () => readSettings({ PORT: '9000' }, { port: 'eighty' }),
    /^SettingsError: .*\n {2}--port "eighty" \(option, sets PORT\): expected a whole number from 0 to 65535$/,
  );
});

test('a bad value stops with every problem, one line each, naming the variable and what it accepts', () => {
  const bad = {
    WEBHOOK_RETRY_BASE_MS: 'abc', // Number() gave NaN
    CALLBACK_TIMEOUT_MS: '-5',
    BOX_MAX_WEIGHT: '0',
    WEBHOOK_MAX_ATTEMPTS: '2.5',
    RATE_LIMIT: '1e3',
    PORT: '65536',
    HOST: 'local host',
    CURRENCY_RATES: '{"GBP":1,',
    STORE_DEMO: 'yes',
    STORE_ALLOW_PRIVATE_URLS: 'on',
    CORS_ORIGIN: 'localhost:5173',
  };
  let error: unknown;
  try {
    readSettings(bad);
  } catch (err) {
    error = err;
  }
  assert.ok(error instanceof SettingsError);
  assert.deepEqual(error.problems, [
    'PORT="65536" (environment): expected a whole number from 0 to 65535',
    'HOST="local host" (environment): expected a host name or IP address',
    'CORS_ORIGIN="localhost:5173" (environment): expected `*` (any origin), or a comma-separated list of origins (`http://localhost:5173`)',
    'STORE_DEMO="yes" (environment): expected `1` or `0` (`true` or `false`)',
    'STORE_ALLOW_PRIVATE_URLS="on" (environment): expected `1` or `0` (`true` or `false`)',
    'WEBHOOK_RETRY_BASE_MS="abc" (environment): expected a whole number from 1',
    'WEBHOOK_MAX_ATTEMPTS="2.5" (environment): expected a whole number from 1',
    'CALLBACK_TIMEOUT_MS="-5" (environment): expected a whole number from 1',
    'BOX_MAX_WEIGHT="0" (environment): expected a whole number from 1',
    'CURRENCY_RATES="{\\"GBP\\":1," (environment): expected a JSON object of currency codes and numbers above 0 (`{"GBP":1,"EUR":1.17}`)',
    'RATE_LIMIT="1e3" (environment): expected a whole number from 0',
  ]);
  assert.equal(error.message.split('\n').length, 1 + error.problems.length, 'a heading, then one line per problem');
  assert.throws(() => configFromEnv({ WEBHOOK_RETRY_BASE_MS: 'abc' }), SettingsError);
});

test('CURRENCY_RATES: a JSON object of currency codes and positive numbers, nothing else', () => {
  for (const rates of ['[1,2]', '"GBP"', 'null', '{"GBP":"1"}', '{"gbp":1}', '{"GBP":0}', '{"GBP":-1}', '{"POUND":1}'])
    assert.throws(() => readSettings({ CURRENCY_RATES: rates }), /CURRENCY_RATES=.*expected a JSON object/, rates);
});
