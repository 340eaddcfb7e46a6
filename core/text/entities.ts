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

/**
 * A read-only record view of {@link namedReference} for an XML parser's entity table (property reads only; it
 * cannot be enumerated). XML's five predefined names are HTML5 names with the same text, so they stay as they were.
 */
export function namedReferenceTable(): Record<string, string> {
  return new Proxy({} as Record<string, string>, {
    get: (_target, name) => (typeof name === 'string' ? namedReference(name) : undefined),
    set: () => false,
  });
}
