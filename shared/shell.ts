// Quoting for the shell, shared by every curl line the repository prints: the suite's evidence
// (conformance/lib/api.ts), the demo's first calls (reference-server/cli.ts), the fuzzer's findings
// (robustness/fuzz-run.ts) and the docs' samples (scripts/docs/).

/** `s` as one word of a POSIX shell: single-quoted, each `'` closed, escaped and reopened. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
