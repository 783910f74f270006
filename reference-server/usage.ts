// The reference server's usage (`--help`), derived from its settings (core/config.ts), apart from cli.ts: cli.ts
// loads the app and with it node:sqlite, while the usage needs only the settings, so `store-api-conformance serve
// --help` (bin/serve.ts) prints it on a Node without the node:sqlite the server needs, with a line naming that Node.
import { SETTINGS, type Name, type Setting } from './core/config.ts';
import { plain } from '../shared/markdown.ts';
import { defaultOf, isSwitch } from '../shared/settings.ts';

/** Every setting (core/config.ts), in the list's order: those with an option first. */
export const settings = Object.entries(SETTINGS) as [Name, Setting][];
/** A setting's line of the usage: its meaning, then (its variable, for an option;) what it accepts and its default. */
const described = (s: Setting) =>
  `      ${plain(s.meaning)} (${s.flag ? `${s.env}; ` : ''}${plain(s.kind.accepts)}; default ${plain(defaultOf(s))})`;

/** The usage, for `--help` and after a bad option or setting; `command` is how the user started it. */
export function usage(command: string): string {
  return [
    `Usage: ${command} [options]`,
    '',
    'The Store Administration API reference server (reference-server/README.md).',
    '',
    'Options (each sets the environment variable in brackets, and wins over it):',
    ...settings.flatMap(([, s]) => (s.flag ? [`  --${s.flag}${isSwitch(s) ? '' : ' <value>'}\n${described(s)}`] : [])),
    '  --help\n      print this and exit',
    '',
    'Settings of the environment only:',
    ...settings.flatMap(([, s]) => (s.flag ? [] : [`  ${s.env}\n${described(s)}`])),
  ].join('\n');
}
