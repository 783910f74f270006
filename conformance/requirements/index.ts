// Every requirement of the suite, by area: one file an area (requirements/README.md). Importing this module
// declares them all (lib/requirement.ts's registry); conformance/suite.spec.ts runs them, conformance/reporter.ts
// reads their metadata.
import './auth.ts';
import './contacts.ts';
import './products.ts';
import './resources.ts';
import './envelopes.ts';
import './pagination.ts';
import './filters.ts';
import './webhooks.ts';
import './callbacks.ts';
