/**
 * A small, tolerant HTML tokenizer and tree builder for the `htmlLongText` that API clients send (often sloppy:
 * unclosed `p`/`li`/`td`, HTML entities, uppercase tags, stray `<`). It never throws; it keeps text and
 * structure and drops comments, doctype, processing instructions and the content of `script`/`style`.
 *
 * The implied end tags follow the WHATWG HTML parsing rules in simplified form (a block start closes an open
 * `p`; `li`, `dt`/`dd`, `tr`, `td`/`th` close their open siblings), enough to give every text its block.
 */

export interface HtmlElement {
  kind: 'el';
  /** Lower-case tag name. */
  tag: string;
  /** Attributes with lower-case names and decoded values. */
  attrs: Record<string, string>;
  children: HtmlNode[];
}

export interface HtmlText {
  kind: 'text';
  /** Decoded text (entities resolved). */
  text: string;
}

export type HtmlNode = HtmlElement | HtmlText;

const VOID = new Set(['br', 'img', 'hr', 'meta', 'link', 'input', 'col', 'area', 'base', 'wbr', 'source', 'param', 'embed', 'track']);
const SKIP_CONTENT = new Set(['script', 'style', 'title', 'head', 'template']);
const CLOSES_P = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'ul', 'dd', 'dt', 'caption', 'tr', 'td', 'th', 'tbody', 'thead', 'tfoot',
]);
/** Elements an implied end tag never crosses. */
const SCOPE = new Set(['table', 'td', 'th', 'caption', 'html', 'body', '#root']);

const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro ' +
  'para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil ' +
  'Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave ' +
  'Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml ' +
  'igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

/** Named character references: XML's five, Latin-1 (HTML 4 §24.2) and the common typographic ones. */
export const NAMED_ENTITIES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>([
    ['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"],
  ]);
  LATIN1.split(' ').forEach((name, i) => m.set(name, String.fromCharCode(160 + i)));
  const extra: [string, number][] = [
    ['euro', 8364], ['ndash', 8211], ['mdash', 8212], ['lsquo', 8216], ['rsquo', 8217], ['sbquo', 8218], ['ldquo', 8220],
    ['rdquo', 8221], ['bdquo', 8222], ['hellip', 8230], ['bull', 8226], ['trade', 8482], ['permil', 8240], ['dagger', 8224],
    ['Dagger', 8225], ['lsaquo', 8249], ['rsaquo', 8250], ['thinsp', 8201], ['ensp', 8194], ['emsp', 8195], ['zwnj', 8204],
    ['zwj', 8205], ['lrm', 8206], ['rlm', 8207], ['minus', 8722], ['le', 8804], ['ge', 8805], ['ne', 8800], ['asymp', 8776],
    ['infin', 8734], ['radic', 8730], ['sum', 8721], ['larr', 8592], ['uarr', 8593], ['rarr', 8594], ['darr', 8595],
    ['OElig', 338], ['oelig', 339], ['Scaron', 352], ['scaron', 353], ['Yuml', 376], ['fnof', 402], ['circ', 710],
    ['tilde', 732], ['alpha', 945], ['beta', 946], ['gamma', 947], ['delta', 948], ['Delta', 916], ['pi', 960],
    ['mu', 956], ['Omega', 937], ['phi', 966], ['empty', 8709], ['isin', 8712], ['prime', 8242], ['Prime', 8243],
  ];
  for (const [name, cp] of extra) m.set(name, String.fromCharCode(cp));
  return m;
})();

const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});?/g;

/** Resolves HTML character references; unknown names stay as written. Invalid code points become U+FFFD. */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(ENTITY, (whole, body: string) => {
    if (body.charCodeAt(0) === 35) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const cp = parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      if (!(cp > 0 && cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) return '\uFFFD';
      return String.fromCodePoint(cp);
    }
    const named = NAMED_ENTITIES.get(body);
    return named === undefined ? whole : named;
  });
}

const TAG_NAME = /[A-Za-z][A-Za-z0-9:_-]*/y;
const ATTR = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/**
 * Parses an HTML fragment into a forest of elements and texts. Never throws.
 * @param source HTML as clients send it (a fragment or a whole document)
 */
export function parseHtml(source: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'el', tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1];
  const addText = (text: string) => {
    if (text === '') return;
    const kids = top().children;
    const last = kids[kids.length - 1];
    if (last && last.kind === 'text') last.text += decodeEntities(text);
    else kids.push({ kind: 'text', text: decodeEntities(text) });
  };
  /** Pops through the nearest open `tag` (one of `tags`) unless a scope boundary or `stopAt` comes first. */
  const closeImplied = (tags: ReadonlySet<string> | string, stopAt: ReadonlySet<string>) => {
    for (let i = stack.length - 1; i > 0; i--) {
      const t = stack[i].tag;
      if (typeof tags === 'string' ? t === tags : tags.has(t)) {
        stack.length = i;
        return;
      }
      if (stopAt.has(t) || SCOPE.has(t)) return;
    }
  };

  const n = source.length;
  let i = 0;
  while (i < n) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      addText(source.slice(i));
      break;
    }
    if (lt > i) addText(source.slice(i, lt));
    i = lt;
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i + 9);
      const raw = source.slice(i + 9, end < 0 ? n : end);
      const kids = top().children;
      kids.push({ kind: 'text', text: raw });
      i = end < 0 ? n : end + 3;
      continue;
    }
    const c1 = source.charCodeAt(i + 1);
    if (c1 === 33 /* ! */ || c1 === 63 /* ? */) {
      const end = source.indexOf('>', i + 2);
      i = end < 0 ? n : end + 1;
      continue;
    }
    const closing = c1 === 47; /* / */
    TAG_NAME.lastIndex = i + (closing ? 2 : 1);
    const m = TAG_NAME.exec(source);
    if (!m) {
      addText('<');
      i += 1;
      continue;
    }
    const tag = m[0].toLowerCase();
    let j = TAG_NAME.lastIndex;
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    // attributes up to the closing '>'
    for (;;) {
      while (j < n && /\s/.test(source[j])) j++;
      if (j >= n) break;
      const ch = source[j];
      if (ch === '>') {
        j++;
        break;
      }
      if (ch === '/' && source[j + 1] === '>') {
        selfClosing = true;
        j += 2;
        break;
      }
      ATTR.lastIndex = j;
      const a = ATTR.exec(source);
      if (!a || ATTR.lastIndex === j) {
        j++;
        continue;
      }
      const name = a[1].toLowerCase();
      if (!Object.hasOwn(attrs, name)) attrs[name] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
      j = ATTR.lastIndex;
    }
    i = j;

    if (closing) {
      if (VOID.has(tag)) {
        if (tag === 'br') top().children.push({ kind: 'el', tag: 'br', attrs: {}, children: [] });
        continue;
      }
      let found = -1;
      for (let k = stack.length - 1; k > 0; k--) {
        if (stack[k].tag === tag) {
          found = k;
          break;
        }
        if (SCOPE.has(stack[k].tag) && !TABLE_PARTS.has(tag)) break;
      }
      if (found > 0) stack.length = found;
      else if (tag === 'p') top().children.push({ kind: 'el', tag: 'p', attrs: {}, children: [] });
      continue;
    }

    if (SKIP_CONTENT.has(tag) && !selfClosing) {
      const end = source.toLowerCase().indexOf(`</${tag}`, i);
      if (end < 0) i = n;
      else {
        const gt = source.indexOf('>', end);
        i = gt < 0 ? n : gt + 1;
      }
      continue;
    }
    if (CLOSES_P.has(tag)) closeImplied('p', EMPTY);
    if (tag === 'li') closeImplied('li', LIST);
    else if (tag === 'dt' || tag === 'dd') closeImplied(DEFS, DL);
    else if (tag === 'tr') popAbove(stack, TABLE_SECTIONS);
    else if (tag === 'td' || tag === 'th') popAbove(stack, ROW_OR_TABLE);
    else if (tag === 'tbody' || tag === 'thead' || tag === 'tfoot') popAbove(stack, TABLE_ONLY);
    const el: HtmlElement = { kind: 'el', tag, attrs, children: [] };
    top().children.push(el);
    if (!VOID.has(tag) && !selfClosing) stack.push(el);
  }
  return root.children;
}

const EMPTY: ReadonlySet<string> = new Set();
const LIST: ReadonlySet<string> = new Set(['ul', 'ol', 'menu', 'dir']);
const DEFS: ReadonlySet<string> = new Set(['dt', 'dd']);
const DL: ReadonlySet<string> = new Set(['dl']);
const TABLE_ONLY: ReadonlySet<string> = new Set(['table']);
const TABLE_SECTIONS: ReadonlySet<string> = new Set(['table', 'tbody', 'thead', 'tfoot']);
const ROW_OR_TABLE: ReadonlySet<string> = new Set(['tr', 'table', 'tbody', 'thead', 'tfoot']);
const TABLE_PARTS: ReadonlySet<string> = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption']);

/** Closes every element above the nearest open one named in `anchors` (a table row start closes the cells …). */
function popAbove(stack: HtmlElement[], anchors: ReadonlySet<string>): void {
  for (let k = stack.length - 1; k > 0; k--) {
    if (anchors.has(stack[k].tag)) {
      stack.length = k + 1;
      return;
    }
  }
}

/** Concatenated text of a node (for alt texts and flattening); `br` becomes a newline. */
export function textContent(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  if (node.tag === 'br') return '\n';
  let s = '';
  for (const c of node.children) s += textContent(c);
  return s;
}
