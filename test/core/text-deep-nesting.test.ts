/**
 * A long text whose elements nest deeper than any real text (20,000 `<b>`, 10,000 lists): the tree keeps
 * `MAX_ELEMENT_DEPTH` levels and the content below them, so that the recursive walks over it (the long-text form,
 * its plain text, the writers) neither overflow the call stack nor lose a word.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ELEMENT_DEPTH, parseHtmlTree, type HtmlNode } from '../../core/text/html-tree.js';
import { parseLongText } from '../../core/text/long-text.js';
import { htmlToPlainText, longTextToPlain } from '../../core/text/plain-text.js';

const depth = (nodes: readonly HtmlNode[]): number => {
  let d = 0;
  for (let level = nodes; level.length > 0; d++) level = level.flatMap((n) => (n.kind === 'el' ? n.children : []));
  return d;
};

describe('deeply nested long texts', () => {
  it('20,000 nested <b>: the tree stops at MAX_ELEMENT_DEPTH, the words stay, in order', () => {
    const html = `<p>${'<b>'.repeat(20_000)}Achtung Frist${'</b>'.repeat(20_000)} danach</p><p>zweiter Absatz</p>`;
    const tree = parseHtmlTree(html);
    expect(depth(tree)).toBe(MAX_ELEMENT_DEPTH + 1); // the elements plus the text level below the deepest
    expect(tree.length).toBe(2); // the closing tags beyond the cap close nothing early
    expect(htmlToPlainText(html)).toBe('Achtung Frist danach\nzweiter Absatz');
    const form = parseLongText(html);
    expect(longTextToPlain(form)).toBe('Achtung Frist danach\nzweiter Absatz');
  });

  it('10,000 nested lists and a script inside the flattened part read without overflow', () => {
    const html = `${'<ul><li>'.repeat(10_000)}tief<script>x()</script> unten${'</li></ul>'.repeat(10_000)}<p>Ende</p>`;
    expect(() => parseLongText(html)).not.toThrow();
    expect(htmlToPlainText(html)).toContain('tief unten');
    expect(htmlToPlainText(html)).not.toContain('x()');
    expect(htmlToPlainText(html).endsWith('Ende')).toBe(true);
  });
});
