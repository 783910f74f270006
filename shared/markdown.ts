// Markdown as the repository writes it in its READMEs and reports: a text as one table cell, a generated table between
// two marker comments of a README, and a README's text as a terminal shows it (`--help`).

/** A text as one cell of a markdown table: its `|` escaped. */
export const cell = (t: string) => t.replace(/\|/g, '\\|');

/** A README text as a terminal shows it, without the backticks of code. */
export const plain = (markdown: string) => markdown.replace(/`/g, '');

/** `markdown` with the text between the markers `start` and `end` replaced by `table`; throws without them. */
export function withTable(markdown: string, start: string, end: string, table: string): string {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the markers ${start} … ${end} are missing`);
  return `${markdown.slice(0, from + start.length)}\n${table}\n${markdown.slice(to)}`;
}
