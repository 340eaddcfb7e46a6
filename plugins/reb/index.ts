/**
 * The `reb` format plugin: REB-VB 23.003 quantity take-offs ("Allgemeine Mengenberechnung"), as REB DA11
 * (`.d11`, 2009 and 1979 editions) or GAEB DA XML X31 (3.2, 3.3), recognised from the content. Source (field
 * `rebFile`, no option group: the seed's row `reb (rebFile) | ava, gaeb, excel, oenorm`) and target only from
 * `ava` (the seed's `ava` row: "reb and sia: none"), with the writer options AVACloud added to
 * `POST /conversion/ava/reb` after 1.27: `DestinationRebType` (`D11`, `X31GaebXmlV32`, `X31GaebXmlV33`; 1.29+,
 * Dangl-IT/avacloud-client-php `docs/Model/DestinationRebType.md`) and `LastRowAddress`.
 */
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import type { OptionSpec } from '../../core/options/catalog.js';
import { readDa11 } from './da11/reader.js';
import { writeDa11 } from './da11/writer.js';
import { detectReb } from './detect.js';
import { REB_MESSAGES } from './messages.js';
import { RebReport } from './report.js';
import { LAST_ROW_ADDRESS } from './takeoff/address.js';
import { readX31 } from './x31/reader.js';
import { writeX31 } from './x31/writer.js';

/** The writer's options, declared once (contract 1.1). */
export const REB_WRITER_OPTIONS: readonly OptionSpec[] = Object.freeze([
  Object.freeze({
    name: 'DestinationRebType', type: 'string', default: 'D11', enum: ['D11', 'X31GaebXmlV32', 'X31GaebXmlV33'],
    description: 'Target REB type: D11 (REB DA11, 2009 edition), X31GaebXmlV32 or X31GaebXmlV33 (GAEB DA XML X31 quantity determination). Default: D11.',
  } satisfies OptionSpec),
  Object.freeze({
    name: LAST_ROW_ADDRESS, type: 'string', default: '',
    description: 'The row address the take-off continues after (sheet, row letter, index digit, e.g. 1234A0), for incremental take-offs. Default: start at 0001A0.',
  } satisfies OptionSpec),
]);

/** The first bytes of an input, as text for sniffing XML. */
const head = (bytes: Buffer) => bytes.subarray(0, 4096).toString('latin1');

export const rebPlugin: FormatPlugin = {
  id: 'reb',
  name: 'REB',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  inputField: 'rebFile',
  messages: REB_MESSAGES,
  reader: {
    optionGroups: [],
    detect: detectReb,
    read(input, _options, ctx) {
      const bytes = input.bytes ?? Buffer.alloc(0);
      const report = new RebReport(ctx);
      return /^\s*(\xef\xbb\xbf)?\s*</.test(head(bytes)) ? readX31(bytes, report) : readDa11(bytes, report);
    },
  },
  writer: {
    optionGroups: [],
    options: REB_WRITER_OPTIONS,
    acceptsSource: (sourceId) => sourceId === 'ava',
    write(project, options, ctx) {
      const report = new RebReport(ctx);
      const type = String(options.DestinationRebType ?? 'D11');
      const last = String(options[LAST_ROW_ADDRESS] ?? '').trim() || undefined;
      if (type === 'D11') return { data: writeDa11(project, last, report), contentType: 'application/octet-stream', fileExtension: '.d11' };
      const xml = writeX31(project, type === 'X31GaebXmlV32' ? '3.2' : '3.3', last, report);
      return { data: xml, contentType: 'application/xml', fileExtension: '.X31' };
    },
  },
};
