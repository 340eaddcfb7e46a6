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
import type { ConversionRoute } from '../../core/registry/format-registry.js';
import { mutateBytes, seededRandom } from './random.js';

export interface MutationRun {
  converted: number;
  refused: number;
  /** Raw exceptions the service reported to its error logger, one line each. */
  crashes: string[];
}

/**
 * @param pick the route and options of mutation `n`
 */
export async function convertMutations(
  source: Buffer, fileName: string, seed: number, count: number,
  pick: (n: number) => { route: ConversionRoute; options: ResolvedOptions },
): Promise<MutationRun> {
  const service = new ConversionService();
  const next = seededRandom(seed);
  const run: MutationRun = { converted: 0, refused: 0, crashes: [] };
  for (let n = 0; n < count; n++) {
    const bytes = mutateBytes(source, next);
    const { route, options } = pick(n);
    try {
      const { output } = await service.convert(route, { bytes, fileName }, options, (err, stage) => {
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
