// Every requirement of the suite, by area: a file an area, or a folder of files for a large one (requirements/README.md).
// Importing this module declares them all (lib/requirement.ts's registry); conformance/suite.spec.ts runs them,
// conformance/reporter.ts reads their metadata.
import './auth/operations.ts';
import './auth/tokens.ts';
import './contacts/fields.ts';
import './contacts/nested.ts';
import './contacts/thumbnails.ts';
import './contacts/lifecycle.ts';
import './contacts/search.ts';
import './products.ts';
import './resources/lifecycle.ts';
import './resources/rules.ts';
import './resources/product-parts.ts';
import './specifications.ts';
import './envelopes.ts';
import './pagination.ts';
import './filters/lists.ts';
import './webhooks.ts';
import './callbacks/rate-requests.ts';
import './callbacks/checkout.ts';
import './callbacks/labels.ts';
import './callbacks/manual.ts';
