/**
 * One conversion of the pool, the same on a worker thread and on the main thread (`pool.threads: 0`): find the
 * route, parse a JSON input, run {@link ConversionService.convert}, and join the writer's output into one
 * Buffer that owns its ArrayBuffer (so a worker can transfer it instead of copying). Never throws: failures come
 * back as a serialized GatewayError.
 */
import type { DependencyContainer } from 'tsyringe';
import { GatewayError, targetError } from '../../core/errors.js';
import type { ConversionInput, ConversionOutput } from '../../core/plugin/contract.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { parseJsonBody } from './json-body.js';
import { ownsWholeBuffer, serializeFault, serializeGatewayError, type ConversionTask, type PluginFault, type TaskOutcome } from './protocol.js';

/** A Buffer over the same memory as `view` (no copy). */
const asBuffer = (view: Uint8Array) => (Buffer.isBuffer(view) ? view : Buffer.from(view.buffer, view.byteOffset, view.byteLength));

/**
 * The writer's output as one Buffer that covers its whole ArrayBuffer: a writer's own Buffer is taken as it is
 * when it does (ownership passes to the caller with the return value, as the plugin contract has it); otherwise,
 * and for chunked output (Buffers or strings), the bytes are joined into a fresh allocation.
 */
export function joinOutput(data: ConversionOutput['data'] | Iterable<Buffer | string>): Buffer {
  if (data instanceof Uint8Array) {
    const buf = asBuffer(data);
    if (ownsWholeBuffer(buf)) return buf;
    const copy = Buffer.allocUnsafeSlow(buf.length);
    buf.copy(copy);
    return copy;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for (const chunk of data as Iterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : asBuffer(chunk);
    chunks.push(b);
    length += b.length;
  }
  const out = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const b of chunks) at += b.copy(out, at);
  return out;
}

function conversionInput(task: ConversionTask): ConversionInput {
  const { bytes, json, fileName } = task.input;
  if (json !== undefined) return { value: parseJsonBody(json), fileName };
  return { bytes: bytes ? asBuffer(bytes) : undefined, fileName };
}

/**
 * Runs one task against a conversion container (`createConversionContainer`).
 * Errors: a GatewayError keeps its code, status and `errors`; an exception while joining a lazily produced
 * output is the writer's failure (GW_ERR_TARGET_CONSTRAINT, 400), as the service answers for writer exceptions.
 */
export async function runConversion(container: DependencyContainer, task: ConversionTask): Promise<TaskOutcome> {
  const faults: PluginFault[] = [];
  try {
    const route = container.resolve(FormatRegistry).route(task.sourceId, task.targetId);
    const input = conversionInput(task);
    const { output, messages } = await container
      .resolve(ConversionService)
      .convert(route, input, task.options, (err, stage) => faults.push(serializeFault(err, stage)));
    let data: Buffer;
    try {
      data = joinOutput(output.data);
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      faults.push(serializeFault(err, 'write'));
      throw targetError(`The project could not be written as ${task.targetId}: ${(err as Error)?.message ?? String(err)}`);
    }
    return { ok: true, data, contentType: output.contentType, fileExtension: output.fileExtension, messages: [...messages], faults };
  } catch (err) {
    const error = err instanceof GatewayError ? err : new GatewayError('GW_ERR_INTERNAL', `The conversion failed: ${(err as Error)?.message ?? String(err)}`, 'conversion');
    return { ok: false, error: serializeGatewayError(error), faults };
  }
}
