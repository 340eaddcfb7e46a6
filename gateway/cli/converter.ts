/**
 * What the CLI needs to convert one input: `convert(request)`. The shape is the worker pool's
 * (`ConversionPool` in gateway/pool/conversion-pool.ts), so the pool and the in-process converter below are
 * interchangeable; main.ts picks one.
 */
import type { DependencyContainer } from 'tsyringe';
import type { ResolvedOptions } from '../../core/options/catalog.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { outputBytes } from '../../core/plugin/contract.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';

export interface ConversionRequest {
  sourceId: string;
  targetId: string;
  /** File sources: `bytes`; JSON sources may pass the parsed body as `json` text instead. */
  input: { bytes?: Uint8Array; json?: string; fileName?: string };
  options: ResolvedOptions;
}

export interface ConversionReply {
  /** The whole output. */
  data: Buffer;
  contentType: string;
  /** The writer's file extension including the dot, e.g. `.X83`. */
  fileExtension: string;
  messages: ConversionMessage[];
}

export interface Converter {
  /**
   * Converts one input.
   * @throws GatewayError (GW_ERR_PARSE, GW_ERR_TARGET_CONSTRAINT, GW_ERR_UNSUPPORTED_CONVERSION …) when it fails
   */
  convert(request: ConversionRequest): Promise<ConversionReply>;
  /** Releases threads or other resources; the process may end afterwards. */
  close(): Promise<void>;
}

/** Converts on the calling thread with the container's `ConversionService`, joining streamed output chunks. */
export class InProcessConverter implements Converter {
  private readonly registry: FormatRegistry;
  private readonly service: ConversionService;

  constructor(container: DependencyContainer) {
    this.registry = container.resolve(FormatRegistry);
    this.service = container.resolve(ConversionService);
  }

  async convert({ sourceId, targetId, input, options }: ConversionRequest): Promise<ConversionReply> {
    const route = this.registry.route(sourceId, targetId);
    const bytes = input.bytes && (Buffer.isBuffer(input.bytes) ? input.bytes : Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength));
    const value = input.json !== undefined ? JSON.parse(input.json) : undefined;
    const { output, messages } = await this.service.convert(route, { bytes, value, fileName: input.fileName }, options);
    return { data: outputBytes(output), contentType: output.contentType, fileExtension: output.fileExtension, messages: [...messages] };
  }

  async close(): Promise<void> {}
}
