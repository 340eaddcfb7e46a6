// Building DOM without HTML strings: every text goes in as a text node, so nothing a file or a server answer
// holds is ever parsed as markup.

/**
 * Creates an element. `props`: `class`, `text` (text content), `on<Event>` (listeners), attributes for every
 * other key (`false`/`undefined`/`null` leave it out, `true` sets it empty). `children`: nodes or strings.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return el;
}

/**
 * A compound name (`SupportSkippedItemNumberLevelsInPositions`) as text with a line-break opportunity (`<wbr>`)
 * before each capital that follows a small letter or digit, so that a narrow column breaks it between its words
 * rather than inside one. The text content stays the name.
 */
export function wordParts(name) {
  const parts = [];
  // no lookbehind in the pattern: Safari before 16.4 cannot parse one, and the whole module would fail to load
  for (const word of name.replace(/([a-z0-9])(?=[A-Z])/g, '$1\n').split('\n')) {
    if (parts.length) parts.push(document.createElement('wbr'));
    parts.push(word);
  }
  return parts;
}

/** Removes every child of `el`. */
export const clear = (el) => el.replaceChildren();

let idCounter = 0;
/** A document-unique id with the prefix. */
export const uid = (prefix) => `${prefix}-${++idCounter}`;

/** Offers bytes as a download under `fileName` (an object URL, revoked once the click is handled). */
export function saveBlob(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: fileName, class: 'visually-hidden' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
