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
/** Names looked up in one table at most (a file cannot grow it without bound). */
const TABLE_CACHE_LIMIT = 1024;

/**
 * A read-only record view of {@link namedReference} for an XML parser's entity table (property reads only; it
 * cannot be enumerated). XML's five predefined names are HTML5 names with the same text, so they stay as they were;
 * they are the table's own properties (read like any object's), and other names are looked up in the HTML5 table
 * once per table, through the prototype.
 */
export function namedReferenceTable(): Record<string, string> {
  const known = new Map<string, string | undefined>();
  const lookup = (name: string): string | undefined => {
    if (XML_PREDEFINED.has(name)) return XML_PREDEFINED.get(name);
    if (known.has(name)) return known.get(name);
    const text = namedReference(name);
    if (known.size < TABLE_CACHE_LIMIT) known.set(name, text);
    return text;
  };
  const others = new Proxy({} as Record<string, string>, {
    get: (_target, name) => (typeof name === 'string' ? lookup(name) : undefined),
    set: () => false,
  });
  const table = Object.create(others) as Record<string, string>;
  for (const [name, text] of XML_PREDEFINED) Object.defineProperty(table, name, { value: text, enumerable: false });
  return Object.freeze(table);
}
