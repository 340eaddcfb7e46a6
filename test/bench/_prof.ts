import 'reflect-metadata';
import { generateX83 } from './generate-x83.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';
import { prepareProject } from '../../core/model/index.js';
import { JsonChunks } from '../../plugins/ava/index.js';
const registry = new FormatRegistry([gaebPlugin, avaPlugin]);
const route = registry.route('gaeb', 'ava');
const options = resolveOptions(route.optionGroups, {});
const bytes = generateX83(20*1024*1024);
const sink = { report() {} , messages: [] } as any;
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  const raw = readGaebXml(bytes, options, sink);
  const t1 = performance.now();
  const p = prepareProject(raw, {tryAutoGenerateItemNumbersAndSchema:false, supportSkippedItemNumberLevels:false});
  const t2 = performance.now();
  let n = 0; for (const c of new JsonChunks(p)) n += c.length;
  const t3 = performance.now();
  const s = JSON.stringify(p);
  const t4 = performance.now();
  console.log(`read ${(t1-t0).toFixed(0)} prep ${(t2-t1).toFixed(0)} chunks ${(t3-t2).toFixed(0)} stringify ${(t4-t3).toFixed(0)} total ${(t3-t0).toFixed(0)}`);
}
