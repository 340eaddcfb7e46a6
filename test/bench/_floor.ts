import { SaxesParser } from 'saxes';
import { generateX83 } from './generate-x83.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { prepareProject } from '../../core/model/index.js';
import { JsonChunks } from '../../plugins/ava/index.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
const bytes = generateX83(20 * 1024 * 1024);
const project = prepareProject(readGaebXml(bytes, defaultOptions(), new MessageCollector()), {});
const t = () => performance.now();
for (let i = 0; i < 7; i++) {
  let a = t();
  const p = new SaxesParser({ xmlns: false }); p.on('opentag', () => {}); p.on('text', () => {});
  const dec = new TextDecoder(); for (let o = 0; o < bytes.length; o += 65536) p.write(dec.decode(bytes.subarray(o, o + 65536), { stream: true })); p.close();
  const sax = t() - a; a = t();
  let n = 0; for (const c of new JsonChunks(project)) n += c.length;
  const json = t() - a;
  console.log('sax', sax.toFixed(0), 'json chunks', json.toFixed(0), 'floor ratio', (sax / (sax + json)).toFixed(2));
}
