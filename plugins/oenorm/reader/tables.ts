/**
 * The small tables of an ONLV the reader keeps as read, captured whole (`core/xml/capture.ts`) and converted when they
 * close, each into the service specification's ÖNORM properties: the discounts allowed (`zugelassenenachlaesse`,
 * `discounts.ts`), the Leistungsteile (`leistungsteiltabelle`, `leistungsteile.ts`), the variants' names and
 * combinations (`zztabelle`, `variantenzusammenstellungstabelle`, `varianten.ts`) and the partial offers
 * (`teilangebotssummen`, `teilangebote.ts`), the evaluation marks and global helper calculations of a quantity
 * take-off (`akztabelle`, `hilfsberechnungen`, `takeoff.ts`); and, inside a position, its take-off
 * (`berechnetemengen`, handed to the position under the key `berechnetemengen`).
 */
import { SubtreeCapture, type CapturedElement } from '../../../core/xml/capture.js';
import { allowedDiscountsOf } from './discounts.js';
import { leistungsteileOf } from './leistungsteile.js';
import { akzTableOf, helperCalculationsOf, positionTakeoffOf } from './takeoff.js';
import { teilangeboteOf } from './teilangebote.js';
import { compositionsOf, zzTableOf } from './varianten.js';

/** The names of the tables kept this way. */
export const KEPT_TABLES: ReadonlySet<string> = new Set([
  'zugelassenenachlaesse', 'leistungsteiltabelle', 'zztabelle', 'variantenzusammenstellungstabelle', 'teilangebotssummen',
  'akztabelle', 'hilfsberechnungen',
]);

/** The key under which a position's captured take-off is handed over (see the module comment). */
export const POSITION_TAKEOFF = 'berechnetemengen';

/** Property key and value of a captured table (see the module comment). */
function converted(table: CapturedElement, decimal: (text: string, what: string) => number | undefined): [string, unknown] {
  switch (table.name) {
    case 'zugelassenenachlaesse': return ['zugelassenenachlaesse', allowedDiscountsOf(table)];
    case 'leistungsteiltabelle': return ['leistungsteile', leistungsteileOf(table)];
    case 'zztabelle': return ['zztabelle', zzTableOf(table)];
    case 'variantenzusammenstellungstabelle': return ['variantenzusammenstellungen', compositionsOf(table)];
    case 'akztabelle': return ['akztabelle', akzTableOf(table)];
    case 'hilfsberechnungen': return ['hilfsberechnungen', helperCalculationsOf(table, decimal)];
    case POSITION_TAKEOFF: return [POSITION_TAKEOFF, positionTakeoffOf(table, decimal)];
    default: return ['teilangebote', teilangeboteOf(table, decimal)];
  }
}

/** Captures one kept table at a time from the state machine's events. */
export class KeptTables {
  /** The depth of the open table's element, -1 when none is open. */
  depth = -1;
  private readonly capture = new SubtreeCapture();

  constructor(
    private readonly keep: (key: string, value: unknown) => void,
    private readonly decimal: (text: string, what: string) => number | undefined,
  ) {}

  /** A kept table opens at `depth`. */
  start(name: string, attrs: Record<string, string>, depth: number): void {
    this.capture.start(name, attrs);
    this.depth = depth;
  }

  /** A start tag inside the open table (local name). */
  element(name: string, attrs: Record<string, string>): void {
    this.capture.element(name, attrs);
  }

  text(t: string): void {
    this.capture.text(t);
  }

  /** An end tag at `depth` inside the open table, or its own (the table is then converted and kept). */
  close(depth: number): void {
    if (depth !== this.depth) return this.capture.close();
    this.depth = -1;
    const [key, value] = converted(this.capture.finish(), this.decimal);
    this.keep(key, value);
  }
}
