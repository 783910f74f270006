// The App suite: every selected requirement of requirements.ts run by the one runner (lib/runner.ts), in one
// Playwright test, so that the rate requests are sent once and the label requests follow them (a label is asked for an
// option the App returned). Its acts talk to the App under test through one `AppCaller`.
import { appDeclared } from '../lib/requirement.ts';
import { runSuite } from '../lib/runner.ts';
import { AppCaller, AppNonconformance } from './caller.ts';
import './requirements.ts';

runSuite(
  appDeclared(),
  { slice: Infinity, one: 'app' },
  () => new AppCaller(),
  (d, app) => ({
    run: () => d.body({ app }),
    unmet: [],
    relied: () => [],
    observed: [],
    evidence: (thrown) => (thrown instanceof AppNonconformance ? thrown.evidence() : undefined),
    target: 'the App',
  }),
);
