import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { generateX83 } from './generate-x83.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { resolveOptions } from '../../core/options/resolve.js';
const bytes = process.argv[2] ? readFileSync(process.argv[2]) : generateX83(20 * 1024 * 1024);
const n = Number(process.argv[3] ?? 3);
const registry = new FormatRegistry([gaebPlugin, avaPlugin]);
const service = new ConversionService(registry);
const route = registry.route('gaeb', 'ava');
const options = resolveOptions(route.optionGroups, {});
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < n; i++) {
  const t = performance.now(); const c = cpu();
  const { output } = await service.convert(route, { bytes }, options);
  let size = 0; for (const chunk of Buffer.isBuffer(output.data) ? [output.data] : output.data) size += chunk.length;
  console.log('wall', (performance.now() - t).toFixed(0), 'cpu', (cpu() - c).toFixed(0), size);
}
