/**
 * The conversion pipeline: read → normalise and recalculate on the canonical model → write
 * (a hub, never N×M converters: the pandoc design, readers → one AST → writers: https://pandoc.org/using-the-pandoc-api.html).
 */
import { injectable } from 'tsyringe';
import { GatewayError, parseError, targetError } from '../errors.js';
import { prepareProject } from '../model/index.js';
import type { ProjectDto } from '../model/types.js';
import type { ResolvedOptions } from '../options/catalog.js';
import { readResultParts, type ConversionContext, type ConversionInput, type ConversionOutput } from '../plugin/contract.js';
import type { ConversionRoute } from '../registry/format-registry.js';
import { MessageCollector, type ConversionMessage } from './messages.js';
import { LongTextCache } from '../text/long-text-cache.js';

export interface ConversionResult {
  output: ConversionOutput;
  messages: readonly ConversionMessage[];
}

/** Called with a reader's or writer's unexpected exception before it is turned into a 400. */
export type ErrorLogger = (err: unknown, stage: 'read' | 'write', route: ConversionRoute) => void;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when a JSON request body states its `serviceSpecifications` list explicitly (maybe empty, or with empty `elements`). */
const declaresContent = (value: unknown): boolean => isRecord(value) && Array.isArray(value.serviceSpecifications);

/**
 * "No empty success": a reader that turns non-empty input into a project without a single element (no position,
 * group or text in any service specification) has not understood the input — answering 200 with an empty
 * project would lose the whole file silently. The exception is a JSON request body that itself states its
 * `serviceSpecifications` (an empty list, or specifications with empty `elements`): the caller's own model, e.g.
 * a new BoQ — nothing was read, so nothing can be lost. Files are never exempt, not even one that declares an
 * empty BoQ (the GAEB DA XML 3.3 Lib allows an empty `BoQBody`/`Itemlist`): from the project alone an empty BoQ
 * cannot be told from one the reader did not understand, and an empty BoQ converts to nothing useful, so a clear
 * 400 saying so beats a 200 that may hide a lost file.
 * @param declared `declaresContent(input.value)`, taken before the reader and the normalisation touch the value
 * @throws GatewayError GW_ERR_PARSE (400, key = the source's input field) naming the source format
 */
function refuseEmptyResult(project: ProjectDto, input: ConversionInput, route: ConversionRoute, declared: boolean): void {
  const hasElements = (project.serviceSpecifications ?? []).some((s) => (s.elements ?? []).length > 0);
  if (hasElements || declared) return;
  if (input.value === undefined && (input.bytes?.length ?? 0) === 0) return; // empty input: the reader's own error
  throw parseError(
    `The ${route.source.id} input holds no BoQ content: reading it gave no positions, groups or texts. ` +
      'Either the file is not a bill of quantities this reader understands, or its BoQ is empty; nothing was converted.',
    route.source.inputField ?? route.source.bodyParameter,
  );
}

/**
 * A file reader that returned no project object (null, a string …): the plugin's fault, not the caller's, so an
 * internal error (500, logged with this text; the body shows no internals) rather than a 400 about the file or
 * the JSON body's `avaProject` shape, which the normalisation would report.
 */
function notAProject(route: ConversionRoute, value: unknown): GatewayError {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  return new GatewayError('GW_ERR_INTERNAL', `The ${route.source.id} reader returned ${got} instead of a project object (plugin error).`);
}

@injectable()
export class ConversionService {
  /**
   * Reads the input with the route's source plugin, prepares the project (ids, item numbers, quantities, prices
   * and totals; option A `TryAutoGenerateItemNumbersAndSchema`, option S for skipped levels) and writes it with
   * the target plugin.
   * @throws GatewayError 400 for unreadable input, input that yields no element at all (`refuseEmptyResult`) or
   *   a project the target cannot hold; never a raw exception
   */
  async convert(route: ConversionRoute, input: ConversionInput, options: ResolvedOptions, logError?: ErrorLogger): Promise<ConversionResult> {
    const sink = new MessageCollector();
    // a message without `source` is the reporting plugin's: the reader's while reading, the writer's while writing
    let reporting = route.source.id;
    const ctx: ConversionContext = {
      sourceId: route.source.id,
      targetId: route.target.id,
      messages: sink.messages,
      report: (m) => sink.report({ ...m, source: m.source || reporting }),
      longTexts: new LongTextCache(),
    };
    let project: ProjectDto;
    const declared = input.value !== undefined && declaresContent(input.value);
    try {
      const read = readResultParts(await route.source.reader!.read(input, options, ctx));
      if (input.value === undefined && !isRecord(read.project)) throw notAProject(route, read.project);
      project = prepareProject(read.project, {
        tryAutoGenerateItemNumbersAndSchema: options.TryAutoGenerateItemNumbersAndSchema === true,
        supportSkippedItemNumberLevels: options.SupportSkippedItemNumberLevelsInPositions === true,
        derivedPlainTexts: read.derivedPlainTexts,
        longTexts: ctx.longTexts,
        completePositions: read.completePositions,
      });
      refuseEmptyResult(project, input, route, declared);
      route.source.reader!.checkPrepared?.(project, ctx);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      logError?.(err, 'read', route);
      throw parseError(`The ${route.source.id} input could not be read: ${(err as Error)?.message ?? String(err)}`, route.source.inputField ?? route.source.bodyParameter);
    }
    let output: ConversionOutput;
    reporting = route.target.id;
    try {
      output = await route.target.writer!.write(project, options, ctx);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      logError?.(err, 'write', route);
      throw targetError(`The project could not be written as ${route.target.id}: ${(err as Error)?.message ?? String(err)}`);
    }
    return { output, messages: sink.messages };
  }
}
