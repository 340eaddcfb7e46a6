/**
 * The `sia` format plugin: SIA 451 (`.01S`), the Swiss exchange format for NPK bills of quantities (CRB), CP850
 * fixed-column records, recognised from the content (A header, record letters; never the file name). Source
 * (field `siaFile`, no option group: the seed's row `sia (siaFile) | ava, gaeb, excel, oenorm`) and target only
 * from `ava` (the seed's `ava` row: "reb and sia: none"; `acceptsSource`).
 */
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { detectSia } from './detect.js';
import { SIA_MESSAGES } from './messages.js';
import { readSia } from './reader/index.js';
import { writeSia } from './writer/index.js';

export const siaPlugin: FormatPlugin = {
  id: 'sia',
  name: 'SIA 451',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  inputField: 'siaFile',
  messages: SIA_MESSAGES,
  reader: {
    optionGroups: [],
    detect: detectSia,
    read(input, _options, ctx) {
      return readSia(input.bytes ?? Buffer.alloc(0), ctx);
    },
  },
  writer: {
    optionGroups: [],
    acceptsSource: (sourceId) => sourceId === 'ava',
    write(project, options, ctx) {
      return { data: writeSia(project, ctx, new Date(), options.SupportSkippedItemNumberLevelsInPositions === true), contentType: 'application/octet-stream', fileExtension: '.01S' };
    },
  },
};
