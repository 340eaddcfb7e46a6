import { generateX83 } from './generate-x83.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { normalizeProject, calculateProject } from '../../core/model/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
const bytes = generateX83(20 * 1024 * 1024);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const mode = process.argv[2] ?? 'both';
for (let i = 0; i < 6; i++) {
  const p = readGaebXml(bytes, defaultOptions(), new MessageCollector());
  
  let t = cpu(); normalizeProject(p); const n = cpu() - t;
  t = cpu(); calculateProject(p); const c = cpu() - t;
  console.log('normalize', n.toFixed(0), 'calculate', c.toFixed(0));
}
