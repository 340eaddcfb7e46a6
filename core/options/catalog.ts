/**
 * The option catalogue: every conversion option exists here once, with the seed's exact name, type, default,
 * description and allowed values (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger), query options of the conversion operations; enum values: AVACloud 1.27.4 API enums (Dangl-IT/avacloud-client-python, avacloud_client_python/models)).
 * Groups L, G, X, O, A, N, S are named lists of these names; a route's options are the flattened union of the
 * groups its (source, target) pair takes, followed by the options its reader and writer declare themselves
 * (`OptionSpec`s of the same form, plugin contract 1.1; checked by core/options/declared.ts).
 */
export type OptionType = 'boolean' | 'string';

export interface OptionSpec {
  /** Query parameter name, verbatim from the seed (PascalCase). */
  name: string;
  type: OptionType;
  /** Default used when the query does not name the option. */
  default: boolean | string;
  /** The seed's meaning text. */
  description: string;
  /** Allowed values for enum-like strings (exact enum names, matched case-insensitively on input). */
  enum?: readonly string[];
}

export type OptionGroupId = 'L' | 'G' | 'X' | 'O' | 'A' | 'N' | 'S';
export const OPTION_GROUP_IDS: readonly OptionGroupId[] = ['L', 'G', 'X', 'O', 'A', 'N', 'S'];

const spec = (s: OptionSpec): OptionSpec => Object.freeze(s);

/** All options, keyed by name. */
export const OPTIONS: Readonly<Record<string, OptionSpec>> = Object.freeze({
  RemovePlainTextLongTexts: spec({
    name: 'RemovePlainTextLongTexts', type: 'boolean', default: false,
    description: 'true removes plain-text long texts from the output to reduce response size.',
  }),
  RemoveHtmlLongTexts: spec({
    name: 'RemoveHtmlLongTexts', type: 'boolean', default: false,
    description: 'true removes HTML long texts from the output to reduce response size.',
  }),
  DestinationGaebType: spec({
    name: 'DestinationGaebType', type: 'string', default: 'GaebXml_V3_2',
    description: 'Target GAEB type. Default: GAEB XML V3.2.',
    enum: ['Gaeb90', 'Gaeb2000', 'Gaeb2000Commerce', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_2_Commerce', 'GaebXml_V3_3', 'GaebXml_V3_3_Commerce'],
  }),
  TargetExchangePhaseTransform: spec({
    name: 'TargetExchangePhaseTransform', type: 'string', default: 'None',
    description: 'Default: none (no transformation).',
    enum: ['None', 'Base', 'OfferRequest', 'Offer', 'Grant', 'CostEstimate', 'SideOffer'],
  }),
  EnforceStrictOfferPhaseLongTextOutput: spec({
    name: 'EnforceStrictOfferPhaseLongTextOutput', type: 'boolean', default: false,
    description: 'Default false. When true, long texts with text additions exported to GAEB XML are strictly schema compliant. When false, any text marked as containing a text addition is exported in full, so misused text additions are preserved.',
  }),
  ExportQuantityDetermination: spec({
    name: 'ExportQuantityDetermination', type: 'boolean', default: false,
    description: 'Default false. When true, quantities are exported in detail through the QtyDeterm fields in GAEB XML targets, driven by the QuantityComponents property of positions. May export data that was not meant to be exported (internal calculation details).',
  }),
  RemoveUnprintableCharactersFromTexts: spec({
    name: 'RemoveUnprintableCharactersFromTexts', type: 'boolean', default: false,
    description: 'When true, unprintable characters are removed from text elements. When false, the conversion can fail if texts contain characters not allowed in XML output formats.',
  }),
  WritePrices: spec({ name: 'WritePrices', type: 'boolean', default: true, description: 'Default true.' }),
  WriteLongTexts: spec({ name: 'WriteLongTexts', type: 'boolean', default: true, description: 'Default true.' }),
  ConversionCulture: spec({
    name: 'ConversionCulture', type: 'string', default: 'en',
    // Not an enum: AVACloud takes any culture name and falls back to en (a 400 for `de-AT` would break clients); the
    // excel writer localises en, de, fr, it and es, a region (`de-AT`) counting as its language.
    description: 'Culture used for the conversion, to get localised spreadsheet files.',
  }),
  DestinationOenormType: spec({
    name: 'DestinationOenormType', type: 'string', default: 'Lv2015', description: 'Default Lv2015.',
    enum: ['Lv2015', 'Lb2015', 'B2063', 'Lv2009', 'Lb2009', 'Lv2021', 'Lb2021'],
  }),
  TryRepairProjectStructure: spec({
    name: 'TryRepairProjectStructure', type: 'boolean', default: false,
    description: 'Default false. When true, the converter tries to make the project structure mappable to ÖNorm and may add group levels.',
  }),
  SkipTryEnforceSchemaCompliantXmlOutput: spec({
    name: 'SkipTryEnforceSchemaCompliantXmlOutput', type: 'boolean', default: false,
    description: 'When true, no attempt is made to force schema-compliant XML output for XML-based ÖNorm targets. When false, required fields without data are added with sensible defaults.',
  }),
  TryAutoGenerateItemNumbersAndSchema: spec({
    name: 'TryAutoGenerateItemNumbersAndSchema', type: 'boolean', default: false,
    description: 'When true, item numbers and an item number schema are generated for the input project. Has no effect when a schema exists or any element already has an item number.',
  }),
  ReadNewElements: spec({ name: 'ReadNewElements', type: 'boolean', default: false, description: 'Default false.' }),
  RebuildItemNumberSchema: spec({
    name: 'RebuildItemNumberSchema', type: 'boolean', default: false,
    description: 'Default false. When true, tries to repair an item number schema that does not comply with GAEB requirements (after importing new elements).',
  }),
  SupportSkippedItemNumberLevelsInPositions: spec({
    name: 'SupportSkippedItemNumberLevelsInPositions', type: 'boolean', default: false,
    description: 'Default false. When true, position item numbers that skip levels of the schema are accepted, and the skipped level is displayed as an underscore placeholder (a three-level schema with item number of two parts is shown with the middle level empty).',
  }),
});

/** The seed's option groups as lists of option names. */
export const OPTION_GROUPS: Readonly<Record<OptionGroupId, readonly string[]>> = Object.freeze({
  L: ['RemovePlainTextLongTexts', 'RemoveHtmlLongTexts'],
  G: ['DestinationGaebType', 'TargetExchangePhaseTransform', 'EnforceStrictOfferPhaseLongTextOutput', 'ExportQuantityDetermination', 'RemoveUnprintableCharactersFromTexts'],
  X: ['WritePrices', 'WriteLongTexts', 'ConversionCulture'],
  O: ['DestinationOenormType', 'TryRepairProjectStructure', 'SkipTryEnforceSchemaCompliantXmlOutput', 'RemoveUnprintableCharactersFromTexts'],
  A: ['TryAutoGenerateItemNumbersAndSchema'],
  N: ['ReadNewElements', 'RebuildItemNumberSchema'],
  S: ['SupportSkippedItemNumberLevelsInPositions'],
});

/** Resolved option values of one conversion, keyed by option name. */
export type ResolvedOptions = Readonly<Record<string, boolean | string>>;

/** Option names of the given groups, in group order, each once. */
export function optionNamesOf(groups: readonly OptionGroupId[]): string[] {
  const names = new Set<string>();
  for (const g of groups) for (const n of OPTION_GROUPS[g]) names.add(n);
  return [...names];
}

/** The catalogue's specs of the given groups, in group order, each once. */
export function optionsOf(groups: readonly OptionGroupId[]): OptionSpec[] {
  return optionNamesOf(groups).map((n) => OPTIONS[n]);
}

/** Defaults of every option in the catalogue (what a reader or writer sees when called outside a route). */
export function defaultOptions(overrides: Record<string, boolean | string> = {}): ResolvedOptions {
  const out: Record<string, boolean | string> = {};
  for (const o of Object.values(OPTIONS)) out[o.name] = o.default;
  return Object.freeze({ ...out, ...overrides });
}
