/**
 * An LB element's change marks → `aenderungskennzeichnungen` (2009 `ontypdef.xsd` `lb-aenderungskennzeichnungen.type`,
 * required on every element of an ONLB): `lbversion`, then `aenderungsumfang` + `aenderungsbeschreibung`, then
 * `vorherigeposition` (`lg`, `ulg`, `gtnr`, `ftnr`), as the reader kept them (`reader/lb-changes.ts`). A kept version
 * is written while it is a version number (1–999) not above the LB's own `versionsnummer`; otherwise, and for an
 * element without marks, the LB's version (the element is taken as added or changed in it). Kept parts that do not
 * fit their types are left out and reported (`OENORM_ELEMENT_NOT_WRITTEN`).
 */
import type { OenormWriterContext } from './context.js';
import { type PositionContext, writeMemo } from './positions.js';

const VERSION = /^[1-9][0-9]{0,2}$/;
const SCOPES = new Set(['geringfügig geändert', 'geändert']);
/** `vorherigeposition` parts and their types (`lgnr.type`, `ulgnr.type`, `gtnr.type`, `ftnr.type`). */
const PREVIOUS: readonly (readonly [string, RegExp])[] = [
  ['lg', /^[0-9A-Z]{2}$/], ['ulg', /^[0-9A-Z]{2}$/], ['gtnr', /^[0-9A-Z]{2}$/], ['ftnr', /^[A-Z]$/],
];

type Kept = { lbversion?: unknown; aenderungsumfang?: unknown; aenderungsbeschreibung?: unknown; vorherigeposition?: Record<string, unknown> };

/**
 * Writes the element's `aenderungskennzeichnungen` (see the module comment).
 * @param kept the element's kept marks, if any
 * @param lbVersion the LB's `versionsnummer` as written
 */
export function writeLbChanges(ctx: OenormWriterContext, kept: unknown, lbVersion: string, where: string, pc: PositionContext): void {
  const marks = (kept !== null && typeof kept === 'object' ? kept : {}) as Kept;
  const b = ctx.b.open('aenderungskennzeichnungen');
  const version = typeof marks.lbversion === 'string' && VERSION.test(marks.lbversion) && Number(marks.lbversion) <= Number(lbVersion) ? marks.lbversion : undefined;
  if (marks.lbversion !== undefined && version === undefined) {
    ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `change marks (lbversion) that are not a version from 1 to the LB's ${lbVersion} were written as ${lbVersion}`, where);
  }
  b.leaf('lbversion', version ?? lbVersion);
  if (version !== undefined && typeof marks.aenderungsumfang === 'string' && SCOPES.has(marks.aenderungsumfang)) {
    b.leaf('aenderungsumfang', marks.aenderungsumfang);
    if (typeof marks.aenderungsbeschreibung === 'string' && marks.aenderungsbeschreibung.trim() !== '') {
      writeMemo(ctx, 'aenderungsbeschreibung', marks.aenderungsbeschreibung, where, pc);
    }
  } else if (marks.aenderungsumfang !== undefined && version !== undefined) {
    ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', 'change scopes (aenderungsumfang) other than "geringfügig geändert" or "geändert" were not written', where);
  }
  const previous = marks.vorherigeposition;
  if (version !== undefined && previous !== undefined && typeof previous === 'object') {
    // the parts in order, up to the first that is absent or does not fit
    const parts: [string, string][] = [];
    for (const [name, type] of PREVIOUS) {
      const value = previous[name];
      if (typeof value !== 'string' || !type.test(value)) break;
      parts.push([name, value]);
    }
    if (parts.length > 0) {
      b.open('vorherigeposition');
      for (const [name, value] of parts) b.leaf(name, value);
      b.close();
    } else ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', 'previous numbers (vorherigeposition) without a valid LG number were not written', where);
  }
  b.close();
}
