import { generateX83 } from './generate-x83.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { prepareProject } from '../../core/model/index.js';
import { JsonChunks } from '../../plugins/ava/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
const bytes = generateX83(20 * 1024 * 1024);
const project = prepareProject(readGaebXml(bytes, defaultOptions(), new MessageCollector()), {});
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < 6; i++) {
  let t = cpu(); const s = JSON.stringify(project); const a = cpu() - t;
  t = cpu(); const b = Buffer.from(s); const bb = cpu() - t;
  t = cpu(); let n = 0; for (const c of new JsonChunks(project)) n += c.length; const c = cpu() - t;
  t = cpu(); const els: string[] = []; const walk = (x: any[]) => { for (const e of x) { if (e.elements) walk(e.elements); else els.push(JSON.stringify(e)); } }; walk(project.serviceSpecifications![0].elements!); const d = cpu() - t;
  console.log('stringify', a.toFixed(0), 'Buffer.from', bb.toFixed(0), 'chunks', c.toFixed(0), 'per-position stringify only', d.toFixed(0), b.length === n);
}
