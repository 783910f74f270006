// The service suite: every selected requirement of requirements/ run by the one runner (lib/runner.ts), each acting
// through its own `Api` against the target. What a service act adds to the runner: the control of our own choices
// after a refused write (`control`), a timeout at the target's pace (`paced`), the evidence of its exchanges and the
// fields of ours its writes carried, and the hooks run after each requirement.
import { Api, Nonconformance } from './lib/api.ts';
import { config } from './lib/config.ts';
import { assumedFor, createFor } from './lib/dialect.ts';
import { create, paramsFor } from './lib/fixtures.ts';
import type { Timeout } from './lib/deadline.ts';
import { afterEachHooks, declared, type Declared } from './lib/requirement.ts';
import { runSuite, type Act } from './lib/runner.ts';
import { Unmet, type Precondition } from './lib/verdict.ts';
import './requirements/index.ts';

/**
 * A source or standard requirement that failed after the target refused one of its writes, under the source profile:
 * was it refused for a choice of ours? The write's form or body unstated in the dialect, or the fields of ours it added
 * (lib/provenance.ts), are tried again in a control create of the same resource (lib/fixtures.ts). What the control
 * finds is a precondition of ours that did not hold (refused again), or nothing (accepted: the failure stands); the
 * verdict stage (lib/verdict.ts, `decide`) says what it makes of the requirement. This only acts: it decides nothing.
 */
async function control(api: Api, d: Declared): Promise<Precondition | undefined> {
  if (config.profile !== 'source' || (d.basis !== 'source' && d.basis !== 'standard')) return undefined;
  const refused = api.writes.filter(
    (w) => w.status >= 400 && w.status < 500 && ![401, 403, 404, 405, 429].includes(w.status),
  );
  const tried = new Set<string>();
  for (const w of refused) {
    const c = createFor(w.operationId);
    if (!c || tried.has(`${c} ${Object.keys(w.ours).join()}`)) continue;
    tried.add(`${c} ${Object.keys(w.ours).join()}`);
    const ours = Object.keys(w.ours);
    // An update refused the fields of the stated add body: its own body is not stated (§4.3 shows neither).
    if (w.fromAdd && !ours.length)
      return {
        under: 'source',
        key: `bodies.${w.operationId}`,
        reason: `needs bodies.${w.operationId}: ${w.operationId} answered ${w.status} to the fields of bodies.${c}; state the update body in the dialect as bodies.${w.operationId}`,
      };
    if (!assumedFor(config.dialect, c) && !ours.length) continue;
    try {
      await create(api, c, w.ours, { params: await paramsFor(api, c) });
    } catch (err) {
      if (err instanceof Unmet) return err.precondition;
      if (err instanceof Nonconformance && ours.length)
        return {
          under: 'source',
          key: `fields.${c} + bodies.${w.operationId}`,
          reason: `needs ${w.why.join(', ')}: ${w.operationId} answered ${w.status} to our ${ours.join(', ')}, and a ${c} with them was refused too; state the target's names for them in the dialect as fields.${c}, or a body without them as bodies.${w.operationId}`,
        };
    }
  }
  return undefined;
}

/**
 * A requirement out of time that spent most of it on the target's answers (waiting for them, reading them) ran out of
 * it at the target's pace: slow or huge answers, or links that lead it on page after page. That is the target's
 * failure, with what it was waiting for. One that spent most of it elsewhere spent it in the suite, and stays an error.
 */
function paced(api: Api, err: Timeout, elapsedMs: number): Nonconformance | undefined {
  const { ms, requests } = api.handled();
  if (ms * 2 < elapsedMs) return undefined;
  return new Nonconformance(
    `${err.message}, ${Math.round(ms / 1000)} s of it on the target's answers to ${requests} request(s)`,
  );
}

/** The exchanges behind an outcome that is not a pass, with the fields of ours its writes carried (lib/provenance.ts). */
function evidenceOf(api: Api): string | undefined {
  const evidence = api.evidence();
  const added = [
    ...new Set(
      api.writes.flatMap((w) => Object.keys(w.ours).map((f) => `${w.operationId}.${f} (${w.why.join(', ')})`)),
    ),
  ];
  const head = added.length ? `# fields of ours its writes carried: ${added.join('; ')}\n` : '';
  return evidence ? `${head}${evidence}` : undefined;
}

/** A service requirement's act: its body through a fresh `Api`, which records what the runner judges. */
function serviceAct(d: Declared): Act {
  const api = new Api();
  // Responses are checked against the whole contract only where the requirement rests on it (decision, platform);
  // elsewhere a deviation is noted, never failed: it is not what the requirement asserts.
  api.begin(d.basis === 'decision' || d.basis === 'platform', d.id);
  return {
    run: () => d.body({ api }),
    extendable: (set) => (api.extendTimeout = set),
    unmet: api.unmet,
    relied: () => [...api.relied],
    observed: api.observed,
    control: () => control(api, d),
    paced: (err, elapsedMs) => paced(api, err, elapsedMs),
    after: async () => {
      for (const hook of afterEachHooks()) await hook({ api }).catch(() => undefined);
    },
    evidence: () => evidenceOf(api),
    notes: () => [...api.deviations(), ...api.lateNotes()],
  };
}

runSuite(
  declared(),
  {
    slice: 120,
    // Areas whose requirements wait for calls from the target (webhook deliveries, rate and label requests; up to 15 s
    // each against a target that makes none) or for its clock (a second boundary of the date filters, a product's
    // status that flips at its publish start).
    waiting: { webhooks: 2, callbacks: 8, filters: 30, products: 20 },
    // Areas whose requirements each make and read more than most (contacts and their thumbnails, list walks, lifecycles).
    costly: { contacts: 40, pagination: 40, resources: 50 },
  },
  () => undefined,
  serviceAct,
);
