/**
 * Helpers of the ÖNORM writer tests: XSD validation of written ONLVs with libxml2-wasm against the official 2009
 * schemas in the shared corpus (`xsd/oenorm-2009/`: onlv.xsd includes ontypdef.xsd, which includes ontext.xsd and
 * onformel.xsd; never copied into this repository), and write → read round trips.
 *
 * The 2015 and 2021 XSDs are not public: documents of those editions are validated against the 2009 schemas with
 * their namespace replaced by the 2009 one (see README, ÖNORM section, for what this leaves out).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  XmlBufferInputProvider, XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { prepareProject } from '../../core/model/index.js';
import type { ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector, type ConversionMessage } from '../../core/pipeline/messages.js';
import { LongTextCache } from '../../core/text/long-text-cache.js';
import { OENORM_NAMESPACES } from '../../plugins/oenorm/detect.js';
import { writeOenorm } from '../../plugins/oenorm/writer/index.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { read, type Read } from './support.js';

const XSD_DIR = join(CORPUS_DIR, 'xsd', 'oenorm-2009');
const VIRTUAL = '/oenorm-xsd/2009';
export const hasOenormXsd = existsSync(join(XSD_DIR, 'onlv.xsd'));
if (!hasOenormXsd) console.warn(`ÖNORM schema validation skipped: ${XSD_DIR}/onlv.xsd does not exist`);

const validators = new Map<string, XsdValidator>();
let registered = false;

/** The compiled validator of `onlv.xsd` or `onlb.xsd` (cached). */
function validatorFor(schema: 'onlv' | 'onlb'): XsdValidator {
  const cached = validators.get(schema);
  if (cached) return cached;
  if (!registered) {
    const provider = new XmlBufferInputProvider({});
    for (const f of readdirSync(XSD_DIR)) if (f.endsWith('.xsd')) provider.addBuffer(`${VIRTUAL}/${f}`, readFileSync(join(XSD_DIR, f)));
    xmlRegisterInputProvider(provider);
    registered = true;
  }
  const doc = XmlDocument.fromBuffer(readFileSync(join(XSD_DIR, `${schema}.xsd`)), { url: `${VIRTUAL}/${schema}.xsd` });
  try {
    const validator = XsdValidator.fromDoc(doc);
    validators.set(schema, validator);
    return validator;
  } finally {
    doc.dispose();
  }
}

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

/** A 2015/2021 `zztabelle` (not in the 2009 schema): its form is that of the public 2015 file, checked apart. */
const ZZTABELLE = /<zztabelle>(?:<zzgruppe nr="[A-Z0-9]{2}"><varianten>(?:<variante nr="[0-9]"><bezeichnung>[^<]{1,60}<\/bezeichnung><\/variante>)+<\/varianten><\/zzgruppe>)+<\/zztabelle>/;

/**
 * Validates an ONLV (ONLB) against the 2009 `onlv.xsd` (`onlb.xsd`); a 2015/2021 one with its namespace replaced by the 2009 one, the
 * 2021 gaps `blo`/`rw` checked as `bl`/`al` (the 2021 gap attributes `kennung` and `parameterlistenkennung`, which the public
 * 2021 LB of the corpus, `LB-SCHOKO_V2021.onlb`, has, taken out, as is an LB's `parameterlisten` after its `grafiktabelle`), and its `zztabelle` (2015+) checked against the form of the public 2015 ONLV of the corpus
 * (`onlv_2015_zimmermann.onlv`) and then taken out, as are the names of its Leistungsteile (`leistungsteil/bezeichnung`, first in the
 * part in that file).
 */
export function validateOnlv(xml: Buffer | string): XsdResult {
  let text = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (text.includes('<zztabelle>') && !text.includes(`xmlns="${OENORM_NAMESPACES['2009']}"`)) {
    const table = ZZTABELLE.exec(text);
    if (table === null) return { valid: false, errors: ['zztabelle: not of the form zzgruppe[@nr]/varianten/variante[@nr]/bezeichnung'] };
    text = text.replace(table[0], '');
  }
  // a Leistungsteil's name (2015+), first in the part as in the same file
  if (!text.includes(`xmlns="${OENORM_NAMESPACES['2009']}"`)) text = text.replace(/(<leistungsteil nr="[0-9]{1,2}">)<bezeichnung>[^<]{1,60}<\/bezeichnung>/g, '$1');
  text = text.replace(`xmlns="${OENORM_NAMESPACES['2015']}"`, `xmlns="${OENORM_NAMESPACES['2009']}"`)
    .replace(`xmlns="${OENORM_NAMESPACES['2021']}"`, `xmlns="${OENORM_NAMESPACES['2009']}"`);
  // the 2021 gaps blo (unechte Bieterlücke) and rw (Rechenwert) have the content model of bl and al
  if (text.includes('<blo') || text.includes('<rw')) text = text.replace(/<(\/?)blo\b/g, '<$1bl').replace(/<(\/?)rw\b/g, '<$1al');
  if (text.includes('kennung="')) text = text.replace(/<(al|bl)((?: (?:kennung|parameterlistenkennung)="[^"]*")+)/g, '<$1');
  text = text.replace(/<\/grafiktabelle><parameterlisten>[\s\S]*?<\/parameterlisten>/, '</grafiktabelle>').replace(/<grafiktabelle\/><parameterlisten>[\s\S]*?<\/parameterlisten>/, '<grafiktabelle/>');
  const doc = XmlDocument.fromString(text);
  try {
    validatorFor(/<onlb[\s>]/.test(text.slice(0, 200)) ? 'onlb' : 'onlv').validate(doc);
    return { valid: true, errors: [] };
  } catch (e) {
    if (e instanceof XmlValidateError) return { valid: false, errors: e.details.map((d) => `${d.line}: ${d.message.trim()}`) };
    throw e;
  } finally {
    doc.dispose();
  }
}

export interface Written {
  xml: Buffer;
  text: string;
  messages: ConversionMessage[];
}

/** Writes a prepared project as ONLV with the given options (defaults of the catalogue otherwise). */
export function write(project: ProjectDto, overrides: Record<string, string | boolean> = {}): Written {
  const sink = Object.assign(new MessageCollector(), { longTexts: new LongTextCache() });
  const xml = writeOenorm(project, defaultOptions(overrides), sink, new Date('2026-01-02T03:04:05Z'));
  return { xml, text: xml.toString('utf8'), messages: sink.messages };
}

/** Prepares a bare project as the pipeline does before a writer runs. */
export const prepared = (project: ProjectDto): ProjectDto => prepareProject(project, {});

/** Writes and reads back. */
export function roundTrip(project: ProjectDto, overrides: Record<string, string | boolean> = {}): { written: Written; back: Read } {
  const written = write(project, overrides);
  return { written, back: read(written.xml) };
}

/** The words of a text (whitespace-separated), for comparing long texts across formats. */
export const words = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter((w) => w !== '');

/** A short text as the writer puts it on one line (`text.type`: a line break with the blanks around it is one blank). */
export const oneLine = (text: string | undefined): string => (text ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim();
