/**
 * Content sniffing for ÖNORM A 2063 XML (never the file name): the root element and its namespace.
 *
 * Readable documents are the LV (`onlv`, `.onlv`) and the LB (`onlb`, `.onlb`) in the namespaces of the 2009, 2015
 * and 2021 editions (`http://www.oenorm.at/schema/A2063/2009-06-01`, `…/2015-07-15`, `…/2021-03-01`: target
 * namespace of the 2009 `onlv.xsd`; the real 2015 ABK and 2021 NEVARIS files, enapetschnig/groismaier
 * `src/lib/fixtures/onlv_2015_zimmermann.onlv`, NEVARISBausoftwareGmbH/http-api-client-libs `LB-SCHOKO_V2021.onlb`).
 * The other A 2063 documents (ONRE invoice, ONPR price list, ONIX, ONBGS, ONAEK/ONPEK, ONBAEK/ONBPEK/ONBPEL) share
 * the namespace but not the structure, and are refused naming what they are.
 *
 * The head is decoded like the reader decodes the file (BOM, XML declaration, else UTF-8) and parsed with saxes up
 * to the root start tag, so comments, processing instructions and a DOCTYPE before it are handled as XML defines them.
 */
import { SaxesParser } from 'saxes';
import { decoderFor } from '../../core/text/encoding.js';
import { lookupTable } from '../../core/lookup.js';
import { localName } from './reader/names.js';

export const OENORM_NAMESPACE_PREFIX = 'http://www.oenorm.at/schema/A2063/';

/** Edition year → namespace of the editions this plugin reads. */
export const OENORM_NAMESPACES = {
  '2009': `${OENORM_NAMESPACE_PREFIX}2009-06-01`,
  '2015': `${OENORM_NAMESPACE_PREFIX}2015-07-15`,
  '2021': `${OENORM_NAMESPACE_PREFIX}2021-03-01`,
} as const;
export type OenormEdition = keyof typeof OENORM_NAMESPACES;
export type OenormDocument = 'onlv' | 'onlb';

/** What the other A 2063 roots are, for the refusal message. */
const OTHER_DOCUMENTS: Readonly<Record<string, string>> = lookupTable({
  onre: 'an invoice (ONRE, Abrechnung)',
  onpr: 'a price list (ONPR)',
  onix: 'an index (ONIX)',
  onbgs: 'a building element catalogue (ONBGS)',
  onaek: 'an element catalogue (ONAEK)',
  onpek: 'a project element catalogue (ONPEK)',
  onbaek: 'an element catalogue (ONBAEK)',
  onbpek: 'a project element catalogue (ONBPEK)',
  onbpel: 'a project element list (ONBPEL)',
});

export const EXPECTED_OENORM =
  `an ÖNORM A 2063 LV (.onlv, root element onlv) or LB (.onlb, root element onlb) in the namespace of the 2009, 2015 or 2021 edition (${Object.values(OENORM_NAMESPACES).join(', ')})`;

/** The root of a readable document, or why the root is refused. */
export type RootCheck = { document: OenormDocument; edition: OenormEdition } | { refused: string };

/**
 * Judges a root start tag.
 * @param qname the root's qualified name
 * @param attrs its attributes as written (namespace declarations included: saxes `xmlns: false`)
 */
export function checkRoot(qname: string, attrs: Readonly<Record<string, string>>): RootCheck {
  const colon = qname.indexOf(':');
  const ns = attrs[colon < 0 ? 'xmlns' : `xmlns:${qname.slice(0, colon)}`];
  const name = localName(qname).toLowerCase();
  const edition = (Object.keys(OENORM_NAMESPACES) as OenormEdition[]).find((e) => OENORM_NAMESPACES[e] === ns);
  if (name === 'gaeb') {
    return { refused: `Expected ${EXPECTED_OENORM}, found a GAEB DA XML document (root element <${qname}>); send it as gaebFile to a /conversion/gaeb/… route.` };
  }
  const other = OTHER_DOCUMENTS[name];
  if (other !== undefined && ns?.startsWith(OENORM_NAMESPACE_PREFIX)) {
    return { refused: `Expected ${EXPECTED_OENORM}, found ${other} (root element <${qname}>), which is not a bill of quantities and is not read.` };
  }
  if (name !== 'onlv' && name !== 'onlb') return { refused: `Expected ${EXPECTED_OENORM}, found the root element <${qname}>.` };
  if (edition === undefined) {
    const found = ns === undefined ? 'no namespace' : `the namespace ${ns}`;
    return { refused: `Expected ${EXPECTED_OENORM}, found <${qname}> with ${found}.` };
  }
  return { document: name, edition };
}

/**
 * The root start tag of an XML head, or undefined when the head holds none (not XML, or cut off before it).
 * Never throws.
 */
export function rootOfHead(head: Buffer): { name: string; attributes: Record<string, string> } | undefined {
  let root: { name: string; attributes: Record<string, string> } | undefined;
  try {
    const decoder = decoderFor(head, { document: 'ÖNORM file', key: 'oenormFile' });
    const parser = new SaxesParser({ xmlns: false });
    parser.on('opentag', (tag) => {
      root ??= { name: tag.name, attributes: { ...tag.attributes } as Record<string, string> };
    });
    parser.on('error', () => {
      throw new Error('not XML');
    });
    parser.write(decoder.write(head));
  } catch {
    // malformed before the root (or an unknown encoding): whatever root was seen stands
  }
  return root;
}

/**
 * Whether the head of a file is an ÖNORM A 2063 document (any root in an A 2063 namespace, so that the reader can
 * refuse an ONRE or ONPR saying what it is). 8 KiB of head are plenty.
 */
export function detectOenorm(head: Buffer): boolean {
  const root = rootOfHead(head.subarray(0, 8192));
  if (!root) return false;
  const colon = root.name.indexOf(':');
  const ns = root.attributes[colon < 0 ? 'xmlns' : `xmlns:${root.name.slice(0, colon)}`];
  return ns !== undefined && ns.startsWith(OENORM_NAMESPACE_PREFIX);
}
