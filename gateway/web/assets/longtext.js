// A long text's HTML (as the gateway's project carries it) shown without ever inserting markup: the HTML is
// parsed into an inert document (DOMParser runs no script and loads nothing) and copied node by node into new
// elements of a whitelist; attributes are dropped (table cells keep numeric colspan/rowspan), every other
// element is replaced by its children, and script-like elements are dropped with their content.

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'sup', 'sub', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'span', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'head', 'title', 'meta', 'link', 'img', 'video', 'audio', 'canvas', 'form', 'input', 'button', 'select', 'textarea']);
const SPAN_ATTRIBUTES = ['colspan', 'rowspan'];
/** Headings inside a long text become paragraphs in bold (the page's own headings keep their outline). */
const HEADING = /^h[1-6]$/;
/** A start tag, and a `style` attribute inside one. */
const START_TAG = /<[a-zA-Z][^>]*>/g;
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi;

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
        const value = node.getAttribute(name);
        if (value && /^\d{1,3}$/.test(value)) el.setAttribute(name, value);
      }
    }
    copy(node, el);
    target.append(el);
  }
}

/** A `div.long-text` holding the long text; the plain text (as paragraphs by line) when there is no HTML. */
export function renderLongText(html, plain) {
  const root = document.createElement('div');
  root.className = 'long-text';
  if (html) {
    // The browser applies the page's CSP even to an inert document and reports each style attribute it blocks;
    // they are removed first so the console stays clean. Safety does not rest on this: nothing but the
    // whitelisted elements' text ever reaches the page.
    const quiet = html.replace(START_TAG, (tag) => tag.replace(STYLE_ATTRIBUTE, ''));
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
