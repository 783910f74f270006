// The settings kit: how a list of settings is declared, read, checked and shown. The suite's list
// (conformance/lib/settings.ts) and the reference server's (reference-server/core/config.ts) are both made with it, so
// a setting of either is read the same way (an empty variable counts as unset), a bad value is reported the same way
// (every problem at once, one line each, naming the setting, where it was given and what it accepts), and `--help` and
// README.md's tables show defaults the same way.

/** What a setting accepts: `parse` gives the value of a text, or undefined when the text is not one. */
export interface Kind<T> {
  accepts: string;
  parse: (text: string) => T | undefined;
}

export interface Setting<T = unknown> {
  /** The environment variable. */
  env: string;
  /** The command line's option, without `--` (a list may derive the others: the suite's `flagOf`). */
  flag?: string;
  kind: Kind<T>;
  /** The value when nothing gives one; undefined: unset. */
  default: T | undefined;
  /** The README's words for the default, where the value alone would not say it (a default that depends on the run). */
  defaultText?: string;
  /** One sentence. */
  meaning: string;
}

/**
 * The declaration of one setting of a list whose settings also carry `X` (the suite's config-file key and side, the
 * server's decisions). `T` is what its kind gives; `D`, the type of its default, tells whether its value may be
 * undefined (no default) or not (`Values`).
 */
export const declaration =
  <X extends object = object>() =>
  <T, const D extends T | undefined>(s: Setting<T> & X & { default: D }): Setting<T> & X & { default: D } =>
    s;

type ValueOf<S> = S extends { kind: Kind<infer T>; default: infer D }
  ? undefined extends D
    ? T | undefined
    : T
  : never;
/** The values of a list's settings, by name: a setting without a default may be undefined. */
export type Values<L> = { [K in keyof L]: ValueOf<L[K]> };

// ── Kinds more than one list takes ──

/** A whole number from `min` (to `max`). */
export const whole = (min: number, max = Number.MAX_SAFE_INTEGER): Kind<number> => ({
  accepts: max === Number.MAX_SAFE_INTEGER ? `a whole number from ${min}` : `a whole number from ${min} to ${max}`,
  parse: (t) => (/^\d+$/.test(t) && Number(t) >= min && Number(t) <= max ? Number(t) : undefined),
});
/** On or off; its option takes no value (`isSwitch`). */
export const onOff: Kind<boolean> = {
  accepts: '`1` or `0` (`true` or `false`)',
  parse: (t) => (t === '1' || t === 'true' ? true : t === '0' || t === 'false' ? false : undefined),
};
export const text: Kind<string> = { accepts: 'any text', parse: (t) => t };

/** A setting whose value is on or off is an option without a value (`--demo`, `--verbose`); the others take one. */
export const isSwitch = (s: Setting) => typeof s.default === 'boolean';

// ── Reading ──

/**
 * Where a setting's text was given: by the command line's option `option` (the problem names the option the user
 * typed), or at `where` (`environment`, `key K of FILE`).
 */
export type Given = { text: string; option: string } | { text: string; where: string };

/** Every problem with the settings at once, after a heading that names whose settings they are and where to read. */
export class SettingsError extends Error {
  override name = 'SettingsError';
  readonly problems: string[];
  constructor(heading: string, problems: string[]) {
    super(`${heading}:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/**
 * The settings of `list` that `given` gives a text for, parsed; those it gives none for are left out. Throws a
 * SettingsError headed `heading` listing `problems` found before (a bad config file) and every text a setting does not
 * accept, in the list's order.
 */
export function readGiven<L extends Record<string, Setting>>(
  list: L,
  heading: string,
  given: (name: keyof L & string, s: Setting) => Given | undefined,
  problems: string[] = [],
): Partial<Values<L>> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(list) as [keyof L & string, Setting][]) {
    const g = given(name, s);
    if (g === undefined) continue;
    const value = s.kind.parse(g.text);
    if (value !== undefined) out[name] = value;
    else if ('option' in g)
      problems.push(`--${g.option} ${JSON.stringify(g.text)} (option, sets ${s.env}): expected ${s.kind.accepts}`);
    else problems.push(`${s.env}=${JSON.stringify(g.text)} (${g.where}): expected ${s.kind.accepts}`);
  }
  if (problems.length) throw new SettingsError(heading, problems);
  return out as Partial<Values<L>>;
}

/** Every setting of `list`: the one `given`, else its default. */
export const withDefaults = <L extends Record<string, Setting>>(list: L, given: Partial<Values<L>>): Values<L> =>
  Object.fromEntries(
    Object.entries(list).map(([name, s]) => [name, name in given ? given[name] : s.default]),
  ) as Values<L>;

// ── Showing: `--help` and README.md's tables (with shared/markdown.ts) ──

/** The default as `--help` and the README show it: its words, else its value (`0` or `1` for off or on). */
export const defaultOf = (s: Setting) =>
  s.defaultText ??
  (s.default === undefined ? 'unset' : `\`${typeof s.default === 'boolean' ? Number(s.default) : s.default}\``);
