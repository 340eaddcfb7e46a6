/**
 * The conversion pipeline: read → normalise and recalculate on the canonical model → write
 * (a hub, never N×M converters: reference/architecture.md §9.3).
 */
import { injectable } from 'tsyringe';
import { GatewayError, parseError, targetError } from '../errors.js';
import { prepareProject } from '../model/index.js';
import type { ProjectDto } from '../model/types.js';
import type { ResolvedOptions } from '../options/catalog.js';
import type { ConversionContext, ConversionInput, ConversionOutput } from '../plugin/contract.js';
import type { ConversionRoute } from '../registry/format-registry.js';
import { MessageCollector, type ConversionMessage } from './messages.js';

export interface ConversionResult {
  output: ConversionOutput;
  messages: readonly ConversionMessage[];
}

/** Called with a reader's or writer's unexpected exception before it is turned into a 400. */
export type ErrorLogger = (err: unknown, stage: 'read' | 'write', route: ConversionRoute) => void;

@injectable()
export class ConversionService {
  /**
   * Reads the input with the route's source plugin, prepares the project (ids, item numbers, quantities, prices
   * and totals; option A `TryAutoGenerateItemNumbersAndSchema`, option S for skipped levels) and writes it with
   * the target plugin.
   * @throws GatewayError 400 for unreadable input or a project the target cannot hold; never a raw exception
   */
  async convert(route: ConversionRoute, input: ConversionInput, options: ResolvedOptions, logError?: ErrorLogger): Promise<ConversionResult> {
    const sink = new MessageCollector();
    const ctx: ConversionContext = {
      sourceId: route.source.id,
      targetId: route.target.id,
      messages: sink.messages,
      report: (m) => sink.report({ source: m.source ?? '', ...m }),
    };
    let project: ProjectDto;
    try {
      const raw = await route.source.reader!.read(input, options, ctx);
      project = prepareProject(raw, {
        tryAutoGenerateItemNumbersAndSchema: options.TryAutoGenerateItemNumbersAndSchema === true,
        supportSkippedItemNumberLevels: options.SupportSkippedItemNumberLevelsInPositions === true,
      });
      route.source.reader!.checkPrepared?.(project, ctx);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      logError?.(err, 'read', route);
      throw parseError(`The ${route.source.id} input could not be read: ${(err as Error)?.message ?? String(err)}`, route.source.inputField ?? route.source.bodyParameter);
    }
    let output: ConversionOutput;
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
