/** The built-in format plugins, in route order. Customer plugins are named in the configuration (`plugins`). */
import type { FormatPlugin } from '../core/plugin/contract.js';
import { avaPlugin } from './ava/index.js';
import { excelPlugin } from './excel/index.js';
import { gaebPlugin } from './gaeb/index.js';
import { oenormPlugin } from './oenorm/index.js';
import { rebPlugin } from './reb/index.js';
import { siaPlugin } from './sia/index.js';

export const builtinFormatPlugins: readonly FormatPlugin[] = Object.freeze([avaPlugin, gaebPlugin, excelPlugin, oenormPlugin, siaPlugin, rebPlugin]);
