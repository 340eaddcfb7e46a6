/**
 * The `excel` format plugin: xlsx workbooks (Office Open XML SpreadsheetML, ECMA-376) written in the gateway's
 * localised layout with formulas and styles, and read back — our own layout in any culture and the sheets people
 * make themselves. Option group N on the source side, X on the target side (AVACloud 1.27 API
 * (https://avacloud-api.dangl-it.com/swagger): `excelFile` → ava, gaeb, excel, oenorm; every source → excel).
 */
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { looksLikeXlsx } from './guard.js';
import { EXCEL_MESSAGES } from './messages.js';
import { readExcel } from './reader/index.js';
import { writeExcel, XLSX_MEDIA_TYPE } from './writer.js';

export const excelPlugin: FormatPlugin = {
  id: 'excel',
  name: 'Excel',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  inputField: 'excelFile',
  messages: EXCEL_MESSAGES,
  reader: {
    optionGroups: ['N'],
    detect: looksLikeXlsx,
    read: (input, options, ctx) => readExcel(input.bytes ?? Buffer.alloc(0), options, ctx),
  },
  writer: {
    optionGroups: ['X'],
    async write(project, options, ctx) {
      return { data: await writeExcel(project, options, ctx), contentType: XLSX_MEDIA_TYPE, fileExtension: '.xlsx' };
    },
  },
};
