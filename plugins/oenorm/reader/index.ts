/**
 * ÖNORM A 2063 reader for LV (`.onlv`) and LB (`.onlb`) documents of the 2009, 2015 and 2021 editions.
 *
 * Streaming: the bytes are decoded in chunks of `DECODE_CHUNK_BYTES` (BOM, XML declaration, else UTF-8: UTF-8 with or without BOM,
 * UTF-16 with BOM) and fed to saxes (`xmlns: false`, dispatch on local names); the ProjectDto is built directly
 * from the events (`state.ts`), no DOM. Element structure: the 2009 XSDs `onlv.xsd`, `onlb.xsd`, `ontypdef.xsd`,
 * `ontext.xsd` (© Austrian Standards; public copies in GeorgDangl/XmlTools, test/XmlTools.Tests/Testfiles/GroupFlattener); the 2015 and 2021
 * editions keep the same LV core (OpenAEC-Foundation/open-calc-studio, verification/onorm-a2063/RAPPORT.md).
 */
import { SaxesParser } from 'saxes';
import { parseError } from '../../../core/errors.js';
import type { ResolvedOptions } from '../../../core/options/catalog.js';
import type { MessageSink } from '../../../core/pipeline/messages.js';
import type { ReadResult } from '../../../core/plugin/contract.js';
import { bindElementEvents, feedDecoded, saxErrorParts } from '../../../core/xml/sax-input.js';
import { assumedWindows1252, decoderFor, ENCODING_ASSUMED, sawInvalidUtf8 } from '../../../core/text/encoding.js';
import { namedReferenceTable } from '../../../core/text/entities.js';
import { EXPECTED_OENORM } from '../detect.js';
import { OenormReport } from './report.js';
import { OenormState } from './state.js';


/**
 * Why a file with `<!DOCTYPE …>` is refused: ÖNORM A 2063 is defined by XML Schemas and never needs a DTD; DTDs
 * are the vehicle of entity-expansion and XML external entity (XXE) attacks (OWASP XML External Entity Prevention
 * Cheat Sheet: disable DTDs completely).
 */
export const OENORM_DOCTYPE_REFUSED =
  'The ÖNORM file contains a document type declaration (<!DOCTYPE …>), which is not accepted: ÖNORM A 2063 is ' +
  'defined by XML Schemas and never needs a DTD, and DTDs are the vehicle of entity-expansion and XML external ' +
  'entity (XXE) attacks. Remove the DOCTYPE declaration and send the file again.';

/**
 * Reads an ÖNORM A 2063 ONLV or ONLB into a (not yet normalised) ProjectDto with the plain long texts derived in
 * the same pass as their HTML.
 *
 * @param bytes   the whole file
 * @param _options resolved conversion options (the ÖNORM source takes no option group)
 * @param sink    receives conversion messages (codes `OENORM_*`)
 * @returns one service specification (`origin: 'Oenorm'`), its positions complete (`completePositions`)
 * @throws GatewayError GW_ERR_PARSE (400, key `oenormFile`) for empty input, an unknown encoding, malformed or
 *   truncated XML ("Malformed ÖNORM XML at line L, column C: …"), a DOCTYPE, a root other than `onlv`/`onlb` in
 *   a 2009/2015/2021 namespace (naming what was found: GAEB, ONRE …), or an ONLV without LV type or with two
 */
export function readOenormResult(bytes: Buffer, _options: ResolvedOptions, sink: MessageSink): ReadResult {
  if (bytes.length === 0) throw parseError('The ÖNORM file is empty', 'oenormFile');
  const report = new OenormReport(sink);
  const state = new OenormState(report);
  const decoder = decoderFor(bytes, { document: 'ÖNORM file', key: 'oenormFile' });
  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.ENTITIES = namedReferenceTable();
  parser.on('doctype', () => {
    throw parseError(OENORM_DOCTYPE_REFUSED, 'oenormFile');
  });
  bindElementEvents(parser, state);
  parser.on('error', (err) => {
    const { line, column, detail } = saxErrorParts(err, parser);
    if (detail.startsWith('undefined entity')) {
      report.report('OENORM_UNKNOWN_ENTITY', 'warning', `Unknown entity at line ${line}, column ${column} was kept as written.`, state.body.currentNumber());
      return;
    }
    // before the root element the file is not yet known to be XML at all (a fixed-column B 2063 text, say)
    const before = state.document === undefined ? ` No root element was read before it: expected ${EXPECTED_OENORM}.` : '';
    throw parseError(`Malformed ÖNORM XML at line ${line}, column ${column}: ${detail}${before}`, 'oenormFile', err);
  });
  feedDecoded(bytes, decoder, parser);
  if (state.document === undefined) throw parseError('The ÖNORM file holds no XML element.', 'oenormFile');
  if (assumedWindows1252(decoder)) {
    report.report('OENORM_ENCODING_ASSUMED', 'warning', ENCODING_ASSUMED);
  }
  if (sawInvalidUtf8(decoder)) {
    report.report('OENORM_INVALID_UTF8', 'warning', 'The file is declared as UTF-8 but holds bytes that are not UTF-8; they were replaced by U+FFFD.');
  }
  // positions are built complete (`buildElement`): the normalisation only derives their plain long texts
  return { project: state.finish(), derivedPlainTexts: state.plainTexts, completePositions: true };
}
