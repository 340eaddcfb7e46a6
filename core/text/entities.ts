/**
 * The HTML5 named character references (WHATWG HTML §13.5, the `entities` package's table,
 * https://github.com/fb55/entities) as a name → text lookup, for XML parsers that resolve undeclared entity
 * references through such a table (saxes `ENTITIES`): GAEB long texts are an XHTML subset, and some writers put
 * `&nbsp;`, `&auml;` … into the XML without declaring them. The same table htmlparser2 uses for HTML long texts, so
 * a name means the same character in an XML file as in an HTML long text.
 */
import { decodeHTMLStrict } from 'entities';

const NAME = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

/** The text of the named reference `&name;`, undefined when HTML5 has no such name. */
export function namedReference(name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  const reference = `&${name};`;
  const text = decodeHTMLStrict(reference);
  return text === reference ? undefined : text;
}

/** XML's five predefined entities (XML 1.0 §4.6), the names almost every file uses; HTML5 gives them the same text. */
const XML_PREDEFINED = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"]]);
/**
 * HTML5 names resolved so far. Only names HTML5 defines are kept, so the map never holds more than its table,
 * whatever names the files read bring.
 */
const resolved = new Map<string, string>();

function resolve(name: string): string | undefined {
  let text = resolved.get(name);
  if (text === undefined) {
    text = namedReference(name);
    if (text !== undefined) resolved.set(name, text);
  }
  return text;
}

/** Names other than XML's five, answered from the HTML5 table (property reads of any name; nothing can be set). */
const OTHER_NAMES = new Proxy({} as Record<string, string>, {
  get: (_target, name) => (typeof name === 'string' ? resolve(name) : undefined),
  set: () => false,
});

const TABLE: Record<string, string> = Object.create(OTHER_NAMES) as Record<string, string>;
for (const [name, text] of XML_PREDEFINED) Object.defineProperty(TABLE, name, { value: text, enumerable: false });
Object.freeze(TABLE);

/**
 * A read-only record view of {@link namedReference} for an XML parser's entity table (property reads only; it
 * cannot be enumerated or changed, so one table serves every parser). XML's five predefined names are HTML5 names
 * with the same text, so they stay as they were; they are the table's own properties (read like any object's), and
 * other names are looked up in the HTML5 table through the prototype, each once.
 */
export function namedReferenceTable(): Record<string, string> {
  return TABLE;
}
