/**
 * README sections generated from a catalogue: the text between `<!-- <name>:start … -->` and `<!-- <name>:end -->`
 * is replaced by the rendered Markdown. Used by the option and message tables (a test fails when a section is stale).
 */

/** A Markdown table cell: `|` escaped. */
export const markdownCell = (s: string) => s.replace(/\|/g, '\\|');

/**
 * @param readme the README text
 * @param name the section name of its markers (`option-tables`, `message-tables`)
 * @param body the generated Markdown
 * @throws Error when the README lacks the markers
 */
export function replaceReadmeSection(readme: string, name: string, body: string): string {
  const startMarker = `<!-- ${name}:start`;
  const endMarker = `<!-- ${name}:end -->`;
  const start = readme.indexOf(startMarker);
  const startEnd = readme.indexOf('-->', start) + 3;
  const end = readme.indexOf(endMarker);
  if (start < 0 || end < startEnd) throw new Error(`README.md lacks the ${name} markers`);
  return readme.slice(0, startEnd) + '\n\n' + body + '\n' + readme.slice(end);
}
