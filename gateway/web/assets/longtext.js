// A long text's HTML (as the gateway's project carries it) shown without ever inserting markup: the HTML is
// parsed into an inert document (DOMParser runs no script and loads nothing) and copied node by node into new
// elements of a whitelist; attributes are dropped (table cells keep numeric colspan/rowspan; a style's bold,
// italic, underline, superscript and subscript become b, i, u, sup, sub elements), every other
// element is replaced by its children, and script-like elements are dropped with their content.

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'sup', 'sub', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'span', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'head', 'title', 'meta', 'link', 'img', 'video', 'audio', 'canvas', 'form', 'input', 'button', 'select', 'textarea']);
const SPAN_ATTRIBUTES = ['colspan', 'rowspan'];
/** Headings inside a long text become paragraphs in bold (the page's own headings keep their outline). */
const HEADING = /^h[1-6]$/;
/** A start tag, and a `style` attribute inside one. */
const START_TAG = /<[a-zA-Z][^>]*>/g;
const ATTRIBUTE = /(\s)([a-zA-Z_:][-a-zA-Z0-9_:.]*)(\s*=)/g;
/** Attributes are renamed with this prefix before parsing (see renderLongText). */
const INERT = 'data-a-';

/**
 * The formatting elements a style attribute stands for: the gateway's long texts (and GAEB's) mark bold,
 * italic, underline, superscript and subscript as `<span style="font-weight:bold;">` and the like. Only these
 * five meanings are taken over; every other declaration is dropped.
 */
function formattingOf(style) {
  const s = style.toLowerCase();
  const tags = [];
  if (/font-weight\s*:\s*(bold|bolder|[6-9]00)/.test(s)) tags.push('b');
  if (/font-style\s*:\s*(italic|oblique)/.test(s)) tags.push('i');
  if (/text-decoration[^;]*underline/.test(s)) tags.push('u');
  if (/vertical-align\s*:\s*super/.test(s)) tags.push('sup');
  else if (/vertical-align\s*:\s*sub/.test(s)) tags.push('sub');
  return tags;
}

function copy(source, target) {
  for (const node of source.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.append(document.createTextNode(node.data));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = node.localName;
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      copy(node, target);
      continue;
    }
    const el = document.createElement(HEADING.test(tag) ? 'p' : tag);
    if (HEADING.test(tag)) el.className = 'lt-heading';
    if (tag === 'td' || tag === 'th') {
      for (const name of SPAN_ATTRIBUTES) {
        const value = node.getAttribute(INERT + name);
        if (value && /^\d{1,3}$/.test(value)) el.setAttribute(name, value);
      }
    }
    let inner = el;
    for (const format of formattingOf(node.getAttribute(`${INERT}style`) ?? '')) {
      const wrapper = document.createElement(format);
      inner.append(wrapper);
      inner = wrapper;
    }
    copy(node, inner);
    target.append(el);
  }
}

/** A `div.long-text` holding the long text; the plain text (as paragraphs by line) when there is no HTML. */
export function renderLongText(html, plain) {
  const root = document.createElement('div');
  root.className = 'long-text';
  if (html) {
    // The browser applies the page's CSP even to an inert document and reports each style attribute and event
    // handler it blocks; every attribute is renamed to data-a-<name> first (the few read here are read under
    // that name) so the console stays clean. Safety does not rest on this: nothing but the whitelisted
    // elements and their text ever reaches the page.
    const quiet = html.replace(START_TAG, (tag) => tag.replace(ATTRIBUTE, `$1${INERT}$2$3`));
    copy(new DOMParser().parseFromString(quiet, 'text/html').body, root);
  } else if (plain) {
    for (const line of plain.split(/\r?\n/)) {
      const p = document.createElement('p');
      p.textContent = line;
      root.append(p);
    }
  }
  return root;
}
