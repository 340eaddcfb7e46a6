/**
 * The `gaeb` format plugin: all three generations — GAEB 90 (`.D8x`), GAEB 2000 (`.P8x`) and GAEB DA XML 3.0–3.3
 * (`.X8x`, and the trade documents `.X93`/`.X94`/`.X96`/`.X97`) — read, the generation and phase recognised from
 * the content, never the file name; written as `DestinationGaebType` says (GAEB 90, GAEB 2000, DA XML 3.1/3.2/3.3,
 * trade 3.2/3.3). Option group S on the source side, G on the target side (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger)).
 */
import { GatewayError, parseError } from '../../core/errors.js';
import { DP_BY_EXCHANGE_PHASE, type ProjectDto } from '../../core/model/types.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';
import { describeGaebXml, detectGaebGeneration } from './detect.js';
import { GAEB_MESSAGES } from './messages.js';
import { readGaeb90Result } from './gaeb90/reader.js';
import { reportTotalMismatches } from './stated-totals.js';
import { writeGaeb90 } from './gaeb90/writer.js';
import { readGaeb2000Result } from './gaeb2000/reader.js';
import { writeGaeb2000 } from './gaeb2000/writer.js';
import { readGaebXmlResult } from './xml/reader/index.js';
import { writeGaebXml } from './xml/writer/index.js';
import { chooseDp, writablePhases, type GaebPhase } from './xml/writer/phase.js';
import { tradePhaseFor, writeGaebTradeXml, type TradeXmlVersion } from './xml/trade/writer.js';

type XmlVersion = '3.1' | '3.2' | '3.3';
type Phase = '81' | '82' | '83' | '84' | '85' | '86';

const XML_VERSIONS: Record<string, XmlVersion> = { GaebXml_V3_1: '3.1', GaebXml_V3_2: '3.2', GaebXml_V3_3: '3.3' };
/** Commerce (trade) variants: DP 93/94/96 from the award phase (tradePhaseFor), see xml/trade/phase.ts. */
const TRADE_VERSIONS: Record<string, TradeXmlVersion> = { GaebXml_V3_2_Commerce: '3.2', GaebXml_V3_3_Commerce: '3.3' };
/** The DPs GAEB 90, GAEB 2000 and the trade writer (via tradePhaseFor) take. */
const AWARD_PHASES: readonly Phase[] = ['81', '82', '83', '84', '85', '86'];

/**
 * Phase of the output: the transform's target, else the DP kept from a GAEB source the model cannot name
 * (X80, X87 …; `KEPT_DP_FIELD`) when the target can hold it, else the project's phase, else 86 (award: keeps
 * texts and prices). A kept DP the target cannot hold is replaced by its nearest phase and reported
 * (`GAEB_PHASE_CHANGED`, warning) when `report` is given.
 * @param writable the DPs the target can hold (default 81–86)
 */
export function targetPhase(
  project: ProjectDto, options: ResolvedOptions, writable: readonly string[] = AWARD_PHASES,
  report?: (m: ConversionMessage) => void, targetName = 'this target',
): string {
  const transform = String(options.TargetExchangePhaseTransform ?? 'None');
  const fromTransform = transform !== 'None' ? DP_BY_EXCHANGE_PHASE[transform as keyof typeof DP_BY_EXCHANGE_PHASE] : undefined;
  const spec = project.serviceSpecifications?.[0];
  const fromModel = DP_BY_EXCHANGE_PHASE[spec?.exchangePhase ?? 'Undefined'];
  const choice = chooseDp(spec, fromTransform, fromModel, writable);
  if (choice.replaced !== undefined) {
    report?.({
      code: 'GAEB_PHASE_CHANGED', severity: 'warning', source: 'gaeb',
      message: `The source's exchange phase DP ${choice.replaced} cannot be written as ${targetName}; the file was written as DP ${choice.dp}.`,
    });
  }
  return choice.dp;
}

export const gaebPlugin: FormatPlugin = {
  id: 'gaeb',
  name: 'GAEB',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  inputField: 'gaebFile',
  messages: GAEB_MESSAGES,
  reader: {
    optionGroups: ['S'],
    // A GAEB DA XML X31 quantity take-off (namespace …/DA31/…) is a REB document: the `reb` plugin detects it.
    detect: (head) => {
      const generation = detectGaebGeneration(head);
      return generation !== undefined && (generation !== 'xml' || describeGaebXml(head)?.phase !== '31');
    },
    read(input, options, ctx) {
      const bytes = input.bytes ?? Buffer.alloc(0);
      const generation = detectGaebGeneration(bytes.subarray(0, 8192));
      if (generation === 'xml') return readGaebXmlResult(bytes, options, ctx);
      if (generation === 'gaeb90') return readGaeb90Result(bytes, options, ctx);
      if (generation === 'gaeb2000') return readGaeb2000Result(bytes, options, ctx);
      throw parseError(
        'Expected a GAEB file: GAEB DA XML (.X8x, an XML document with root element GAEB), GAEB 2000 (.P8x, starting with #begin[GAEB]) or GAEB 90 (.D8x, 80-column records).',
        'gaebFile',
      );
    },
    /** Every stated total (IT, Totals/Total, GAEB 90/2000 item and sum records) is met or reported (stated-totals.ts). */
    checkPrepared(project, ctx) {
      reportTotalMismatches(project, ctx);
    },
  },
  writer: {
    optionGroups: ['G'],
    write(project, options, ctx) {
      const type = String(options.DestinationGaebType);
      const version = XML_VERSIONS[type];
      const phase = targetPhase(project, options, version ? writablePhases(version) : AWARD_PHASES, (m) => ctx.report(m), type);
      if (type === 'Gaeb90') return { data: writeGaeb90(project, options, ctx, phase as Phase), contentType: 'text/plain; charset=ibm850', fileExtension: `.D${phase}` };
      if (type === 'Gaeb2000') return { data: writeGaeb2000(project, options, ctx, phase as Phase), contentType: 'text/plain; charset=windows-1252', fileExtension: `.P${phase}` };
      const tradeVersion = TRADE_VERSIONS[type];
      if (tradeVersion) {
        const tradePhase = tradePhaseFor(phase);
        const data = writeGaebTradeXml(project, options, ctx, { version: tradeVersion, phase: tradePhase });
        return { data, contentType: 'application/xml', fileExtension: `.X${tradePhase}` };
      }
      if (!version) {
        const available = ['Gaeb90', 'Gaeb2000', ...Object.keys(XML_VERSIONS), ...Object.keys(TRADE_VERSIONS)].join(', ');
        throw new GatewayError('GW_ERR_OPTION', `DestinationGaebType ${type} is not available yet; available: ${available}.`, 'DestinationGaebType');
      }
      const data = writeGaebXml(project, options, ctx, { version, phase: phase as GaebPhase });
      return { data, contentType: 'application/xml', fileExtension: `.X${phase}` };
    },
  },
};
