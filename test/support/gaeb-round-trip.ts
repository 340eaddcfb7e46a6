/**
 * Round-trip helpers over the `gaeb` plugin as the gateway runs it: read (content detection) → `prepareProject`,
 * and write with a `DestinationGaebType`, collecting the writer's conversion messages.
 */
import { prepareProject } from '../../core/model/index.js';
import type { ProjectDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector, type ConversionMessage } from '../../core/pipeline/messages.js';
import { outputBytes, readResultParts, type ConversionContext, type ConversionOutput, type ReadResult } from '../../core/plugin/contract.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';

/** Every `DestinationGaebType` the plugin writes (Gaeb2000Commerce has no public description: 400). */
export const DESTINATIONS = ['Gaeb90', 'Gaeb2000', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_3', 'GaebXml_V3_2_Commerce', 'GaebXml_V3_3_Commerce'];

// Some texts hold U+001C, which XML forbids: the XML destinations need the option; the legacy writers honour it
// too, so their own round trips run without it and keep the characters.
const optionsFor = (destination: string): Record<string, boolean> => (destination.startsWith('GaebXml') ? { RemoveUnprintableCharactersFromTexts: true } : {});

function context(): { ctx: ConversionContext; messages: ConversionMessage[] } {
  const sink = new MessageCollector();
  return { ctx: { sourceId: 'gaeb', targetId: 'gaeb', messages: sink.messages, report: (m) => sink.report({ source: 'gaeb', ...m }) }, messages: sink.messages };
}

/** Reads any GAEB generation, prepared (normalised and recalculated) as the pipeline does. */
export function readGaeb(bytes: Buffer): ProjectDto {
  const read = readResultParts(gaebPlugin.reader!.read({ bytes, fileName: 'round-trip' }, defaultOptions(), context().ctx) as ReadResult);
  return prepareProject(read.project, { derivedPlainTexts: read.derivedPlainTexts });
}

/** Writes a copy of `project` as `destination` (more G options in `extra`); the plugin writes synchronously. */
export function writeGaeb(
  project: ProjectDto, destination: string, extra: Record<string, string | boolean> = {},
): { bytes: Buffer; messages: ConversionMessage[] } {
  const { ctx, messages } = context();
  const options = defaultOptions({ ...optionsFor(destination), ...extra, DestinationGaebType: destination });
  const out = gaebPlugin.writer!.write(structuredClone(project), options, ctx) as ConversionOutput;
  return { bytes: outputBytes(out), messages };
}
