/**
 * The `oenorm` format plugin: ÖNORM A 2063 XML, the Austrian exchange format for bills of quantities (LV, `.onlv`)
 * and standard-text catalogues (LB, `.onlb`), editions 2009, 2015 and 2021, recognised from the content (root
 * element and namespace, never the file name). Source: field `oenormFile`, no source option group (the seed's row
 * `oenorm (oenormFile) | ava, gaeb, excel, oenorm | ava: L. gaeb: G. excel: X. oenorm: O.`). Target: the ONLV or
 * ONLB and edition `DestinationOenormType` names (`Lv2009`, `Lv2015` default, `Lv2021`, `Lb2009`, `Lb2015`,
 * `Lb2021`), option group O on every route ending here (seed: "oenorm: O").
 */
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { detectOenorm } from './detect.js';
import { OENORM_MESSAGES } from './messages.js';
import { readOenormResult } from './reader/index.js';
import { writeOenorm } from './writer/index.js';
import { reportOenormTotalMismatches } from './stated-totals.js';

export const oenormPlugin: FormatPlugin = {
  id: 'oenorm',
  name: 'ÖNORM A 2063',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  inputField: 'oenormFile',
  messages: OENORM_MESSAGES,
  reader: {
    optionGroups: [],
    detect: detectOenorm,
    read(input, options, ctx) {
      return readOenormResult(input.bytes ?? Buffer.alloc(0), options, ctx);
    },
    /** Every stated sum (`pospreis`, `ulg-summe` … `lv-summe`) is met or reported (stated-totals.ts). */
    checkPrepared(project, ctx) {
      reportOenormTotalMismatches(project, ctx);
    },
  },
  writer: {
    optionGroups: ['O'],
    write(project, options, ctx) {
      const lb = String(options.DestinationOenormType).startsWith('Lb');
      return { data: writeOenorm(project, options, ctx), contentType: 'application/xml', fileExtension: lb ? '.onlb' : '.onlv' };
    },
  },
};
