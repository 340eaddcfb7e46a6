/**
 * The `gaeb` format plugin: GAEB DA XML 3.0–3.3 read (generation and phase recognised from the content, never
 * the file name) and GAEB DA XML 3.1/3.2/3.3 written. Option group S on the source side, G on the target side
 * (seeds/001). GAEB 90 and GAEB 2000 are recognised and answered with a clear 400 until their reader exists.
 */
import { GatewayError, parseError } from '../../core/errors.js';
import { DP_BY_EXCHANGE_PHASE, type ProjectDto } from '../../core/model/types.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { detectGaebGeneration } from './detect.js';
import { readGaebXml } from './xml/reader/index.js';
import { writeGaebXml } from './xml/writer/index.js';

type XmlVersion = '3.1' | '3.2' | '3.3';
type Phase = '81' | '82' | '83' | '84' | '85' | '86';

const XML_VERSIONS: Record<string, XmlVersion> = { GaebXml_V3_1: '3.1', GaebXml_V3_2: '3.2', GaebXml_V3_3: '3.3' };

/** Phase of the output: the transform's target, else the project's phase, else 86 (award: keeps texts and prices). */
export function targetPhase(project: ProjectDto, options: ResolvedOptions): Phase {
  const transform = String(options.TargetExchangePhaseTransform ?? 'None');
  const fromTransform = transform !== 'None' ? DP_BY_EXCHANGE_PHASE[transform as keyof typeof DP_BY_EXCHANGE_PHASE] : undefined;
  const fromProject = DP_BY_EXCHANGE_PHASE[project.serviceSpecifications?.[0]?.exchangePhase ?? 'Undefined'];
  return (fromTransform ?? fromProject ?? '86') as Phase;
}

export const gaebPlugin: FormatPlugin = {
  id: 'gaeb',
  name: 'GAEB',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  inputField: 'gaebFile',
  reader: {
    optionGroups: ['S'],
    detect: (head) => detectGaebGeneration(head) !== undefined,
    read(input, options, ctx) {
      const bytes = input.bytes ?? Buffer.alloc(0);
      const generation = detectGaebGeneration(bytes.subarray(0, 8192));
      if (generation === 'xml') return readGaebXml(bytes, options, ctx);
      if (generation === 'gaeb90' || generation === 'gaeb2000') {
        const name = generation === 'gaeb90' ? 'GAEB 90 (.D8x)' : 'GAEB 2000 (.P8x)';
        throw parseError(`This is a ${name} file; this gateway reads GAEB DA XML (.X8x) so far.`, 'gaebFile');
      }
      throw parseError(
        'Expected a GAEB file: GAEB DA XML (.X8x, an XML document with root element GAEB), GAEB 2000 (.P8x, starting with #begin[GAEB]) or GAEB 90 (.D8x, 80-column records).',
        'gaebFile',
      );
    },
  },
  writer: {
    optionGroups: ['G'],
    write(project, options, ctx) {
      const type = String(options.DestinationGaebType);
      const version = XML_VERSIONS[type];
      if (!version) {
        throw new GatewayError('GW_ERR_OPTION', `DestinationGaebType ${type} is not available yet; available: ${Object.keys(XML_VERSIONS).join(', ')}.`, 'DestinationGaebType');
      }
      const phase = targetPhase(project, options);
      const data = writeGaebXml(project, options, ctx, { version, phase });
      return { data, contentType: 'application/xml', fileExtension: `.X${phase}` };
    },
  },
};
