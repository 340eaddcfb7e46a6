import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import XlsxPopulate from 'xlsx-populate';
import { defaultOptions } from '../../core/options/catalog.js';
import { embedProject, projectAsWritten } from '../../plugins/excel/embedded.js';
import { writeServiceSpecificationSheet } from '../../plugins/excel/sheet-writer.js';
import { StylePalette } from '../../plugins/excel/styles.js';
import { layoutFor } from '../../plugins/excel/layout.js';
import { cultureOf } from '../../plugins/excel/culture.js';
import { OncePerItemReporter, MessageCollector } from '../../core/pipeline/messages.js';
const project = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (let i = 0; i < 2; i++) {
let t = Date.now();
const wb = await XlsxPopulate.fromBlankAsync();
const s = { layout: layoutFor(defaultOptions()), culture: cultureOf('de'), palette: new StylePalette(wb), places: 2, rounding: undefined, priceFormat: '#,##0.00', unitPriceFormat: '#,##0.00', report: new OncePerItemReporter(new MessageCollector(), 'excel') } as any;
writeServiceSpecificationSheet(wb.addSheet('X'), project.serviceSpecifications[0], s);
const a = Date.now() - t; t = Date.now();
embedProject(wb, projectAsWritten(project, defaultOptions()));
const b = Date.now() - t; t = Date.now();
const out = await wb.outputAsync();
const c = Date.now() - t; t = Date.now();
const wb2 = await XlsxPopulate.fromDataAsync(out);
const d = Date.now() - t;
console.log({ sheet: a, embed: b, output: c, open: d });
}
