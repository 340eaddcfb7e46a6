/** The built-in format plugins, in route order. Customer plugins are named in the configuration (`plugins`). */
import type { FormatPlugin } from '../core/plugin/contract.js';
import { avaPlugin } from './ava/index.js';
import { excelPlugin } from './excel/index.js';
import { gaebPlugin } from './gaeb/index.js';

export const builtinFormatPlugins: readonly FormatPlugin[] = Object.freeze([avaPlugin, gaebPlugin, excelPlugin]);
