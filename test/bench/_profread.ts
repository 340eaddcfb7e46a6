import { generateX83 } from './generate-x83.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
const bytes = generateX83(20 * 1024 * 1024);
const opts = defaultOptions();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < Number(process.argv[2] ?? 5); i++) { const t = cpu(); readGaebXml(bytes, opts, new MessageCollector()); console.log((cpu() - t).toFixed(0)); }
