/**
 * The canonical model's entry points: normalisation, recalculation, item number generation, formulas, long texts.
 */
import { autoGenerateItemNumbers } from './auto-numbers.js';
import { calculateProject } from './calculate.js';
import { normalizeProject } from './normalize.js';
import type { DerivedPlainTexts } from './derived-plain-texts.js';
import type { LongTextCache } from '../text/long-text-cache.js';
import type { ProjectDto } from './types.js';

export { autoGenerateItemNumbers } from './auto-numbers.js';
export { calculateProject, countsInTotal, groupCountsInTotal, type CalculateOptions } from './calculate.js';
export { evaluateFormula, evaluateFormulaDecimal, type DecimalFormulaResult, type FormulaResult } from './formula.js';
export { htmlToPlainText, plainTextToHtml } from '../text/plain-text.js';
export { DerivedPlainTexts } from './derived-plain-texts.js';
export { normalizeProject, type NormalizeOptions } from './normalize.js';

/** Options of {@link prepareProject}, named after the AVACloud query options they implement. */
export interface PrepareOptions {
  /** `TryAutoGenerateItemNumbersAndSchema` (option group A). */
  tryAutoGenerateItemNumbersAndSchema?: boolean;
  /** `SupportSkippedItemNumberLevelsInPositions` (option group S). */
  supportSkippedItemNumberLevels?: boolean;
  /** Plain long texts the reader derived with the HTML ones of this very project (see `normalizeProject`). */
  derivedPlainTexts?: DerivedPlainTexts;
  /** The conversion's parsed long texts (see `NormalizeOptions.longTexts`). */
  longTexts?: LongTextCache;
  /** The reader built every position complete (see `NormalizeOptions.completePositions`). */
  completePositions?: boolean;
}

/**
 * Turns reader output or a posted project into a complete, recalculated ProjectDto: {@link normalizeProject},
 * then {@link autoGenerateItemNumbers} when asked, then {@link calculateProject}. Mutates and returns `input`.
 *
 * @throws GatewayError `GW_ERR_INPUT` (400) when the input is not a valid project (see `normalizeProject`)
 * Source: AVACloud 1.27.4 API endpoints (Dangl-IT/avacloud-client-python, avacloud_client_python/api) (`POST /conversion/ava/ava` regenerates the calculated properties).
 */
export function prepareProject(input: unknown, opts: PrepareOptions = {}): ProjectDto {
  const project = normalizeProject(input, {
    derivedPlainTexts: opts.derivedPlainTexts, longTexts: opts.longTexts, completePositions: opts.completePositions,
  });
  if (opts.tryAutoGenerateItemNumbersAndSchema) autoGenerateItemNumbers(project);
  return calculateProject(project, { supportSkippedItemNumberLevels: opts.supportSkippedItemNumberLevels });
}
