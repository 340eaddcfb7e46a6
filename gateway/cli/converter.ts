/**
 * What the CLI needs to convert one input: `convert(request)`. The worker pool (`ConversionPool` in
 * gateway/pool/conversion-pool.ts) has this shape; main.ts creates one, tests may put a stand-in in its place.
 */
import type { ResolvedOptions } from '../../core/options/catalog.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';

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
