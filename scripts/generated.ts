// A file part of which (or all of which) a script generates: `--check` writes nothing and exits 1 when the file is not
// what the script gives (npm test runs the check), else the file is rewritten when it differs.
import { readFileSync, writeFileSync } from 'node:fs';

export interface Generated {
  /** The file, as read and written. */
  path: string;
  /** What the messages call it: `README.md: the settings tables`. */
  what: string;
  /** What it is generated from, and the command that rewrites it, for a stale file's message. */
  from: string;
  command: string;
  /** The whole file as it should be, given the file as it is. */
  text: (now: string) => string;
  /** Said when it was rewritten (default: `rewritten from <from>`). */
  written?: string;
}

/** Checks (`--check` among the arguments) or rewrites a generated file, saying which in one line. */
export function generate(g: Generated, argv: string[] = process.argv): void {
  const now = readFileSync(g.path, 'utf8');
  const text = g.text(now);
  if (argv.includes('--check')) {
    if (text !== now) {
      console.error(`${g.what}: stale, not what ${g.from} give(s); run \`${g.command}\``);
      process.exit(1);
    }
    console.log(`${g.what}: up to date`);
  } else if (text === now) console.log(`${g.what}: up to date`);
  else {
    writeFileSync(g.path, text);
    console.log(`${g.what}: ${g.written ?? `rewritten from ${g.from}`}`);
  }
}
