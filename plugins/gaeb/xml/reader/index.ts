/**
 * GAEB DA XML reader (versions 3.0, 3.1, 3.2, 3.3; exchange phases 81–86, and the trade documents 93, 94, 96,
 * 97 (`GAEB/Order`, order.ts) read as OfferRequest, Offer, Grant, Grant; other phases — X80 BoQ for catalogues,
 * X87 order confirmation, invoices X89/X89B (`GAEB/Invoice`, read with their billed quantities, state.ts) —
 * read in full with phase Undefined and the file's DP kept in `gaebExchangePhase` (writer/phase.ts
 * `KEPT_DP_FIELD`), which the GAEB writers honour).
 *
 * Streaming: the bytes are decoded in chunks (`DECODE_CHUNK_BYTES`) and fed to saxes (`xmlns: false`, dispatch on local names);
 * the ProjectDto is built directly from the events (`state.ts`), no DOM. Mapping: the project's GAEB DA XML ↔
 * ProjectDto contract; element structure: GAEB DA XML 3.3 Lib and phase XSDs (GAEB DA XML 3.3 XSDs, bambamboole/gaeb-php, docs/gaeb/3.3).
 */
import { SaxesParser } from 'saxes';
import { parseError } from '../../../../core/errors.js';
import type { ProjectDto } from '../../../../core/model/types.js';
import type { ReadResult } from '../../../../core/plugin/contract.js';
import type { ResolvedOptions } from '../../../../core/options/catalog.js';
import type { MessageSink } from '../../../../core/pipeline/messages.js';
import { bindElementEvents, feedDecoded, saxErrorParts } from '../../../../core/xml/sax-input.js';
import { assumedWindows1252, decoderFor, ENCODING_ASSUMED, sawInvalidUtf8 } from '../../../../core/text/encoding.js';
import { namedReferenceTable } from '../../../../core/text/entities.js';
import { ReaderReport } from './report.js';
import { GaebXmlState } from './state.js';


/**
 * Why a file with `<!DOCTYPE …>` is refused: GAEB DA XML is defined by XML Schemas (the phase XSDs) and never
 * needs a DTD; DTDs are the vehicle of entity-expansion ("billion laughs") and XML external entity (XXE) attacks,
 * and the OWASP XML External Entity Prevention Cheat Sheet advises disabling DTDs completely.
 */
export const DOCTYPE_REFUSED =
  'The GAEB DA XML file contains a document type declaration (<!DOCTYPE …>), which is not accepted: GAEB DA XML ' +
  'is defined by XML Schemas and never needs a DTD, and DTDs (internal entity declarations, external entities) are ' +
  'the vehicle of entity-expansion and XML external entity (XXE) attacks (OWASP XML External Entity Prevention ' +
  'Cheat Sheet). Remove the DOCTYPE declaration and send the file again.';

/**
 * Reads a GAEB DA XML file into a (not yet normalised) ProjectDto.
 *
 * Item numbers are the file's RNoParts joined with '.', unpadded (the calculation pads); with
 * `options.SupportSkippedItemNumberLevelsInPositions` items under fewer categories than the schema has group
 * levels get '_' placeholders for the missing levels. Lossy steps are reported to `sink` (at most once per code
 * and item number).
 *
 * @param bytes   the whole file; encoding from BOM / XML declaration (UTF-8 default, ISO-8859-1, Windows-1252 …)
 * @param options resolved conversion options (only SupportSkippedItemNumberLevelsInPositions is read)
 * @param sink    receives conversion messages (codes `GAEB_*`)
 * @returns a project with one service specification (`origin: 'GaebXml'`)
 * @throws GatewayError GW_ERR_PARSE (400, key `gaebFile`) for empty input, an unknown encoding, malformed XML
 *   ("Malformed GAEB DA XML at line L, column C: …"), a root element other than GAEB, a DOCTYPE declaration
 *   (`DOCTYPE_REFUSED`) or an invoice (DP 89/89B, `GAEB/Invoice`), which this reader does not read
 */
export function readGaebXml(bytes: Buffer, options: ResolvedOptions, sink: MessageSink): ProjectDto {
  return readGaebXmlResult(bytes, options, sink).project;
}

/**
 * {@link readGaebXml}, returning the project with the plain long texts derived in the same pass as their HTML
 * (`ReadResult` of the plugin contract, for the pipeline's normalisation). Same parameters and errors.
 */
export function readGaebXmlResult(bytes: Buffer, options: ResolvedOptions, sink: MessageSink): ReadResult {
  if (bytes.length === 0) throw parseError('The GAEB DA XML file is empty', 'gaebFile');
  const report = new ReaderReport(sink);
  const state = new GaebXmlState(report, options.SupportSkippedItemNumberLevelsInPositions === true);
  const decoder = decoderFor(bytes, { document: 'GAEB DA XML file', key: 'gaebFile' });

  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.ENTITIES = namedReferenceTable();
  parser.on('doctype', () => {
    throw parseError(DOCTYPE_REFUSED, 'gaebFile');
  });
  bindElementEvents(parser, state);
  parser.on('error', (err) => {
    const { line, column, detail } = saxErrorParts(err, parser);
    if (detail.startsWith('undefined entity')) {
      // Kept literally ("&foo;") by saxes; a named HTML entity outside HTML 4.01 is not worth failing the file.
      report.report('GAEB_UNKNOWN_ENTITY', 'warning', `Unknown entity at line ${line}, column ${column} was kept as written.`, state.currentNumber());
      return;
    }
    throw parseError(`Malformed GAEB DA XML at line ${line}, column ${column}: ${detail}`, 'gaebFile', err);
  });

  feedDecoded(bytes, decoder, parser);
  if (assumedWindows1252(decoder)) {
    report.report('GAEB_ENCODING_ASSUMED', 'warning', ENCODING_ASSUMED);
  }
  if (sawInvalidUtf8(decoder)) {
    report.report('GAEB_INVALID_UTF8', 'warning', 'The file is declared as UTF-8 but holds bytes that are not UTF-8; they were replaced by U+FFFD.');
  }
  return { project: state.finish(), derivedPlainTexts: state.plainTexts };
}
