// `npm run conformance [-- playwright args]`: runs the suite (against TARGET_URL, or the reference server it
// starts), prints the per-area summary, and exits 0 only when every gating requirement passes (design brief §4).
// The run, the summary and the exit status are bin/suite.ts's, shared with the installed `store-api-conformance`.
import { runSuite } from '../bin/suite.ts';

process.exit(await runSuite(process.argv.slice(2)));
