import { generateX83 } from './generate-x83.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { prepareProject } from '../../core/model/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
const bytes = generateX83(20 * 1024 * 1024);
const project = prepareProject(readGaebXml(bytes, defaultOptions(), new MessageCollector()), {});
const pos: any[] = []; const walk = (x: any[]) => { for (const e of x) { if (e.elements) walk(e.elements); else pos.push(e); } }; walk(project.serviceSpecifications![0].elements!);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < 5; i++) {
  let t = cpu(); for (const p of pos) JSON.stringify(p); const a = cpu() - t;
  t = cpu(); for (const p of pos) { JSON.stringify(p.htmlLongText); JSON.stringify(p.longText); } const b = cpu() - t;
  t = cpu(); for (const p of pos) { const { htmlLongText, longText, shortText, ...rest } = p; JSON.stringify(rest); } const c = cpu() - t;
  t = cpu(); for (const p of pos) JSON.stringify(p.itemNumber); const d = cpu() - t;
  console.log('whole', a.toFixed(0), 'two long strings', b.toFixed(0), 'rest (incl. spread)', c.toFixed(0), 'itemNumber', d.toFixed(0));
}
