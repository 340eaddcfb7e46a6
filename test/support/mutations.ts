/**
 * Converting seeded random mutations of a file through the conversion service as a route runs it (detection,
 * reader, preparation, writer, output drained): each either converts or is refused with a GatewayError of status
 * 4xx raised by a reader or writer itself; a raw exception that the service's safety net had to turn into a 400 is
 * collected as a crash.
 */
import { expect } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { builtinFormatPlugins } from '../../plugins/index.js';
import type { ConversionInput } from '../../core/plugin/contract.js';
import { FormatRegistry, type ConversionRoute } from '../../core/registry/format-registry.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { mutateBytes, seededRandom } from './random.js';

export interface MutationRun {
  converted: number;
  refused: number;
  /** Raw exceptions the service reported to its error logger, one line each. */
  crashes: string[];
}

/**
 * Converts `count` seeded random mutations of `source`'s bytes (`mutateBytes`).
 * @param pick the route and options of mutation `n`
 */
export async function convertMutations(
  source: Buffer, fileName: string, seed: number, count: number,
  pick: (n: number) => { route: ConversionRoute; options: ResolvedOptions },
): Promise<MutationRun> {
  return convertMutatedInputs(seed, count, (next) => ({ bytes: mutateBytes(source, next), fileName }), pick);
}

/**
 * Converts `count` inputs made by `mutate` from one seeded random sequence (so a failing mutation `n` is reproduced
 * by the same seed): bytes damaged by a format's own mutator, an edited workbook, a changed JSON body.
 * @param mutate the input of the next mutation, drawing its random numbers from `next`
 * @param pick the route and options of mutation `n` (`randomRouteOptions` for random ones)
 */
export async function convertMutatedInputs(
  seed: number, count: number,
  mutate: (next: () => number) => ConversionInput | Promise<ConversionInput>,
  pick: (n: number, next: () => number) => { route: ConversionRoute; options: ResolvedOptions },
): Promise<MutationRun> {
  const service = new ConversionService();
  const next = seededRandom(seed);
  const run: MutationRun = { converted: 0, refused: 0, crashes: [] };
  for (let n = 0; n < count; n++) {
    const input = await mutate(next);
    const { route, options } = pick(n, next);
    try {
      const { output } = await service.convert(route, input, options, (err, stage) => {
        run.crashes.push(`mutation ${n} (${stage}): ${(err as Error).stack}`);
      });
      if (!Buffer.isBuffer(output.data)) for (const chunk of output.data) expect(chunk.length).toBeGreaterThan(0);
      run.converted++;
    } catch (err) {
      expect(err, `mutation ${n}: ${(err as Error).stack}`).toBeInstanceOf(GatewayError);
      expect((err as GatewayError).statusCode, `mutation ${n}: ${(err as Error).message}`).toBeLessThan(500);
      run.refused++;
    }
  }
  return run;
}

/**
 * Options for `route` as a client might send them: each of the route's options left out half of the time, else a
 * random value (an enum's member, true or false, a culture among `de`, `en`, `fr` and one that does not exist).
 */
export function randomRouteOptions(route: ConversionRoute, next: () => number): ResolvedOptions {
  const pickOne = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const query: Record<string, string> = {};
  for (const spec of route.options) {
    if (next() < 0.5) continue;
    query[spec.name] = spec.enum ? pickOne(spec.enum) : spec.type === 'boolean' ? String(next() < 0.5) : pickOne(['de', 'en', 'fr', 'xx']);
  }
  return resolveOptions(route.options, query);
}

/**
 * A `pick` for {@link convertMutatedInputs}: the routes from `source` among the built-in plugins, taken in turn
 * (mutation `n` goes to route `n` modulo their number), each with {@link randomRouteOptions}.
 */
export function everyRouteFrom(source: string): (n: number, next: () => number) => { route: ConversionRoute; options: ResolvedOptions } {
  const routes = new FormatRegistry([...builtinFormatPlugins]).routes.filter((r) => r.source.id === source);
  return (n, next) => {
    const route = routes[n % routes.length];
    return { route, options: randomRouteOptions(route, next) };
  };
}
