/**
 * The change marks of an LB element (`aenderungskennzeichnungen`, 2009 `ontypdef.xsd` `lb-aenderungskennzeichnungen.type`,
 * required on the `svb`, every LG, ULG and position of an ONLB): `lbversion`, the LB version in which the text was
 * added or last changed (1–999); when it changed against the previous version `aenderungsumfang` ("geringfügig
 * geändert" or "geändert") and `aenderungsbeschreibung` (formatted text, kept as HTML); `vorherigeposition` (`lg`,
 * `ulg`, `gtnr`, `ftnr`) when the element was renumbered. Kept as the element's ÖNORM property
 * `aenderungskennzeichnungen` (the `svb`'s as the specification's `svbAenderungskennzeichnungen`) for the writer,
 * which writes them back instead of stamping every element with the LB's own version.
 */

/** The change marks of one LB element as read. */
export interface LbChanges {
  lbversion?: string;
  aenderungsumfang?: string;
  /** HTML. */
  aenderungsbeschreibung?: string;
  vorherigeposition?: { lg?: string; ulg?: string; gtnr?: string; ftnr?: string };
}

const PREVIOUS_PARTS = new Set(['lg', 'ulg', 'gtnr', 'ftnr']);

/** Collects the open element's `aenderungskennzeichnungen` from the state machine's events. */
export class LbChangeReader {
  private current: LbChanges = {};

  /** `aenderungskennzeichnungen` opens. */
  open(): void {
    this.current = {};
  }

  /** A leaf of `aenderungskennzeichnungen` (`previous`: of its `vorherigeposition`). */
  leaf(name: string, text: string, previous: boolean): void {
    if (previous) {
      if (PREVIOUS_PARTS.has(name)) (this.current.vorherigeposition ??= {})[name as 'lg'] = text;
    } else if (name === 'lbversion' || name === 'aenderungsumfang') this.current[name] = text;
  }

  /** `vorherigeposition` opens (it may be empty of parts the element has not). */
  openPrevious(): void {
    this.current.vorherigeposition ??= {};
  }

  /** The `aenderungsbeschreibung`, HTML. */
  set description(html: string) {
    this.current.aenderungsbeschreibung = html;
  }

  /** The marks read since `open`. */
  finish(): LbChanges {
    return this.current;
  }
}
