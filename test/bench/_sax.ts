import { SaxesParser } from 'saxes';
import { generateX83 } from './generate-x83.js';
const bytes = generateX83(20 * 1024 * 1024);
function run(position: boolean, close: boolean) {
  const t = process.cpuUsage();
  const p = new SaxesParser({ xmlns: false, position });
  p.on('opentag', () => {}); p.on('text', () => {}); if (close) p.on('closetag', () => {});
  const dec = new TextDecoder(); for (let o = 0; o < bytes.length; o += 65536) p.write(dec.decode(bytes.subarray(o, o + 65536), { stream: true })); p.close();
  const u = process.cpuUsage(t); return ((u.user + u.system) / 1000).toFixed(0);
}
for (let i = 0; i < 5; i++) console.log('pos', run(true, false), 'nopos', run(false, false), 'pos+close', run(true, true), 'nopos+close', run(false, true));
