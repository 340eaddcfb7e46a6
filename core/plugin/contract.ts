/**
 * The format plugin contract (version `PLUGIN_API_VERSION`). A plugin is a plain object: no decorators, no
 * container access. Readers turn bytes into the canonical `ProjectDto`; writers turn a `ProjectDto` into bytes.
 * The route matrix is every (reader, writer) pair whose writer accepts the source (as in pandoc, https://pandoc.org/using-the-pandoc-api.html).
 *
 * Versions (semver: a plugin built for 1.0 loads into a 1.1 gateway unchanged):
 * - 1.0: readers, writers, option groups of the catalogue, `output`, `ReadResult`;
 * - 1.1: a reader or writer may declare `options` of its own (`OptionSpec`s like the catalogue's), and a plugin
 *   its message catalogue (`messages`). A plugin using either declares `apiVersion: '^1.1.0'`. The conversion
 *   context carries the conversion's parsed long texts (`longTexts`, optional: writers parse themselves without it).
 */
import { DerivedPlainTexts } from '../model/derived-plain-texts.js';
import type { ProjectDto } from '../model/types.js';
import type { OptionGroupId, OptionSpec, ResolvedOptions } from '../options/catalog.js';
import type { ConversionMessage, MessageCatalog, MessageSink } from '../pipeline/messages.js';
import type { LongTextCache } from '../text/long-text-cache.js';

/** The contract version plugins declare a semver range against (`apiVersion: '^1.1.0'`; `'^1.0.0'` still loads). */
export const PLUGIN_API_VERSION = '1.1.0';

/** The contract version that introduced `options` and `messages`. */
export const PLUGIN_API_OPTIONS_VERSION = '1.1.0';

/** What a reader receives: the uploaded bytes (file sources) or an already parsed JSON value (the `ava` source). */
export interface ConversionInput {
  bytes?: Buffer;
  /** A parsed JSON request body (only for JSON sources such as `ava`). */
  value?: unknown;
  fileName?: string;
}

/**
 * What a writer returns. `data` is either the whole output or, for large documents, its bytes as an iterable of
 * chunks in order (pulled lazily, so the whole document never has to exist in memory at once); the HTTP route
 * streams the chunks to the response, the CLI writes them to the file one by one. Use {@link outputBytes} where
 * the whole output is needed as one Buffer.
 */
export interface ConversionOutput {
  data: Buffer | Iterable<Buffer>;
  /** MIME type of `data`. */
  contentType: string;
  /** Suggested file extension including the dot, e.g. `.X83`. */
  fileExtension: string;
}

/** The whole output of a writer as one Buffer (joins the chunks of a streamed output). */
export function outputBytes(output: ConversionOutput): Buffer {
  const data = output.data;
  return Buffer.isBuffer(data) ? data : Buffer.concat([...data]);
}

export interface ConversionContext extends MessageSink {
  sourceId: string;
  targetId: string;
  /** Messages reported so far in this conversion (a writer of a JSON target may embed them). */
  readonly messages: readonly ConversionMessage[];
  /**
   * The conversion's long texts, each HTML parsed once into the intermediate form that the normalisation and the
   * writer share (`LongTextCache.form`). Set by the pipeline; absent in contexts that plugins or tests build.
   */
  readonly longTexts?: LongTextCache;
}

/**
 * What a reader may return instead of a bare project: the project and the plain long texts it derived in the same
 * pass as their HTML (`DerivedPlainTexts`, one instance per read), which the normalisation then takes instead of
 * converting that HTML again. Only an optimisation: the prepared project is the same either way.
 */
export interface ReadResult {
  project: ProjectDto;
  derivedPlainTexts: DerivedPlainTexts;
  /**
   * Optional (a gateway that does not know it normalises every position, with the same result): every position
   * (`PositionDto`) of `project` already holds what the normalisation would give it (see `normalizeProject`'s
   * `completePositions`), so that it only derives their plain long texts and leaves them unchecked. A reader that
   * sets it must build each position complete; a test comparing its projects prepared with and without the flag
   * shows that it does.
   */
  completePositions?: boolean;
}

/**
 * The project, derived plain texts and `completePositions` of what `FormatReader.read` returned: a `ReadResult`
 * (recognised by its `derivedPlainTexts` being a `DerivedPlainTexts`) or a bare (possibly partial) project, as
 * readers written for contract 1.0 return it (then `derivedPlainTexts` is undefined and `project` is the value
 * itself, unchecked).
 */
export function readResultParts(read: ProjectDto | ReadResult): { project: unknown; derivedPlainTexts?: DerivedPlainTexts; completePositions?: boolean } {
  const texts = (read as Partial<ReadResult> | null)?.derivedPlainTexts;
  if (!(texts instanceof DerivedPlainTexts)) return { project: read };
  const result = read as ReadResult;
  return { project: result.project, derivedPlainTexts: texts, completePositions: result.completePositions === true };
}

export interface FormatReader {
  /** Option groups this source adds to every route it starts (seed: gaeb → S, ava → A, excel → N). */
  optionGroups: readonly OptionGroupId[];
  /**
   * Contract 1.1: options of this reader's own, added to every route it starts after the groups' options; `read`
   * receives their values in `options` under the declared name. A name must not equal (ignoring case) a catalogue
   * option or another plugin's option; the reader and writer of one plugin may declare the same option identically.
   */
  options?: readonly OptionSpec[];
  /** True when the bytes look like this format (used by the CLI to pick a source). */
  detect?(head: Buffer): boolean;
  /**
   * Reads the input into a (possibly partial) project; the pipeline normalises and recalculates it afterwards.
   * Returns the project itself or a `ReadResult` (the project with the plain long texts the reader derived).
   * @throws GatewayError GW_ERR_PARSE (400) on malformed input, naming what was expected
   */
  read(input: ConversionInput, options: ResolvedOptions, ctx: ConversionContext): Promise<ProjectDto | ReadResult> | ProjectDto | ReadResult;
  /**
   * Optional: called by the pipeline with the read project once it is normalised and recalculated, to report
   * (through `ctx`) what the source states but the recalculation does not give (a GAEB file's stated totals).
   * Must not change the project.
   */
  checkPrepared?(project: ProjectDto, ctx: ConversionContext): void;
}

export interface FormatWriter {
  /** Option groups this target adds to every route ending here (seed: ava → L, gaeb → G, excel → X, oenorm → O). */
  optionGroups: readonly OptionGroupId[];
  /** Contract 1.1: options of this writer's own, added to every route ending here (rules as `FormatReader.options`). */
  options?: readonly OptionSpec[];
  /** Restricts the sources this target is offered for (seed: reb and sia targets only from `ava`). */
  acceptsSource?(sourceId: string): boolean;
  /**
   * What the 200 response of a route ending here is, for its OpenAPI description: the media type the writer
   * answers with (RFC 6838, e.g. `application/vnd.com.dangl-it.ProjectDto.v1+json`), and `schema: 'ProjectDto'`
   * when the output is the canonical project as JSON. Absent = a file, `application/octet-stream`.
   */
  output?: { mediaType: string; schema?: 'ProjectDto' };
  /**
   * Writes a normalised, recalculated project.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the project cannot be expressed in the target
   */
  write(project: ProjectDto, options: ResolvedOptions, ctx: ConversionContext): Promise<ConversionOutput> | ConversionOutput;
}

export interface FormatPlugin {
  /** URL path segment and registry key: lowercase `[a-z0-9-]+`, e.g. `gaeb`. */
  id: string;
  /** Display name, e.g. `GAEB`. */
  name: string;
  /** The plugin's own version. */
  version: string;
  /** Semver range of `PLUGIN_API_VERSION` the plugin was built for. */
  apiVersion: string;
  /** Name of the multipart file field (`gaebFile` …); absent for JSON sources. */
  inputField?: string;
  /** Name of the JSON body parameter for JSON sources (`avaProject`). */
  bodyParameter?: string;
  reader?: FormatReader;
  writer?: FormatWriter;
  /**
   * Contract 1.1: every conversion message code the plugin reports (code → severity and meaning). The README's
   * message tables are generated from the built-in plugins' catalogues; tests check that a plugin reports only
   * codes (and severities) its catalogue declares (core/plugin/messages.ts).
   */
  messages?: MessageCatalog;
}
