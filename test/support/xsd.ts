/**
 * XSD validation of GAEB DA XML output with libxml2-wasm (libxml2 compiled to WebAssembly; ESM with top-level
 * await, so this module is ESM-only), against the official schemas in the shared corpus (`xsd/`), which are
 * never copied into this repository.
 *
 * The phase XSDs `xs:redefine` their Lib (3.2/3.3) and the 3.1 schema `xs:import`s `xml.xsd` and
 * `xmldsig-core-schema.xsd`. libxml2 resolves those locations relative to the schema's URL through the
 * registered input providers: one `XmlBufferInputProvider` serves every schema file of the folder under a virtual
 * path (`/gaeb-xsd/<folder>/<file>`). The two W3C schemas the 3.1 schema imports are not in the corpus; minimal
 * stand-ins written here declare only what it references (`xml:space`, `ds:Signature`), so the GAEB content is
 * still validated in full.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  XmlBufferInputProvider, XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { CORPUS_DIR } from './corpus.js';

export type GaebSchemaVersion = '3.1' | '3.2' | '3.3';

const XSD_DIR = join(CORPUS_DIR, 'xsd');
const VIRTUAL_ROOT = '/gaeb-xsd';

const XML_XSD_STANDIN = `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/XML/1998/namespace">
  <xs:attribute name="space">
    <xs:simpleType>
      <xs:restriction base="xs:NCName">
        <xs:enumeration value="default"/>
        <xs:enumeration value="preserve"/>
      </xs:restriction>
    </xs:simpleType>
  </xs:attribute>
</xs:schema>`;

const XMLDSIG_STANDIN = `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/2000/09/xmldsig#" elementFormDefault="qualified">
  <xs:element name="Signature" type="xs:anyType"/>
</xs:schema>`;

const provider = new XmlBufferInputProvider({});
let registered = false;
const validators = new Map<string, XsdValidator>();

/**
 * The schema file (relative to `xsd/`) for a version and phase (3.3 trade phases 93–97 from `gaeb-3.3-trade/`, the
 * 3.3 quantity determination X31 of the 2023-01 package); undefined when the corpus has none.
 */
export function gaebSchemaFile(version: GaebSchemaVersion, phase: string): string | undefined {
  const candidates =
    version === '3.1'
      ? ['gaeb-3.1/GAEB_XML_3_1_Schema.xsd']
      : version === '3.2'
        ? [`gaeb-3.2/GAEB_DA_XML_${phase}_3.2_2013-10.xsd`]
        : [`gaeb-3.3/GAEB_DA_XML_${phase}_3.3_2021-05.xsd`, `gaeb-3.3-trade/GAEB_DA_XML_${phase}_3.3_2021-05.xsd`, `gaeb-3.3/GAEB_DA_XML_${phase}_3.3_2023-01.xsd`];
  return candidates.find((f) => existsSync(join(XSD_DIR, f)));
}

/** True when the corpus holds the schema for this version and phase. */
export const hasGaebSchema = (version: GaebSchemaVersion, phase: string): boolean => gaebSchemaFile(version, phase) !== undefined;

function ensureProvider(): void {
  if (registered) return;
  xmlRegisterInputProvider(provider);
  registered = true;
}

function loadFolder(folder: string): void {
  const dir = join(XSD_DIR, folder);
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.xsd')) provider.addBuffer(`${VIRTUAL_ROOT}/${folder}/${f}`, readFileSync(join(dir, f)));
  }
  if (folder === 'gaeb-3.1') {
    provider.addBuffer(`${VIRTUAL_ROOT}/${folder}/xml.xsd`, Buffer.from(XML_XSD_STANDIN));
    provider.addBuffer(`${VIRTUAL_ROOT}/${folder}/xmldsig-core-schema.xsd`, Buffer.from(XMLDSIG_STANDIN));
  }
}

/**
 * The compiled validator for a version and phase (cached).
 * @throws Error when the corpus lacks the schema (check {@link hasGaebSchema} first)
 */
export function gaebValidator(version: GaebSchemaVersion, phase: string): XsdValidator {
  const file = gaebSchemaFile(version, phase);
  if (!file) throw new Error(`no GAEB ${version} schema for phase ${phase} in ${XSD_DIR}`);
  const cached = validators.get(file);
  if (cached) return cached;
  ensureProvider();
  const folder = file.split('/')[0];
  loadFolder(folder);
  const url = `${VIRTUAL_ROOT}/${file}`;
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(join(XSD_DIR, file)), { url });
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    validators.set(file, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

export interface XsdResult {
  valid: boolean;
  /** libxml2's messages with line numbers, e.g. `12: Element 'QU': [facet 'maxLength'] …`. */
  errors: string[];
}

/** Validates an XML document (bytes or string) against the GAEB schema of a version and phase. */
export function validateGaebXml(xml: Uint8Array | string, version: GaebSchemaVersion, phase: string): XsdResult {
  const validator = gaebValidator(version, phase);
  const doc = typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml);
  try {
    validator.validate(doc);
    return { valid: true, errors: [] };
  } catch (e) {
    if (e instanceof XmlValidateError) {
      return { valid: false, errors: e.details.map((d) => `${d.line}: ${d.message.trim()}`) };
    }
    throw e;
  } finally {
    doc.dispose();
  }
}
