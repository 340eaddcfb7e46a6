/**
 * The variant tables of an ONLV, kept as read for the writer:
 * - `zztabelle` (2015 and 2021 editions; not in the 2009 schema): per variant group (`zzgruppe[@nr]`, the `zz` its
 *   positions name in `pzzv`) the name of each variant (`varianten/variante[@nr]/bezeichnung`, variant 0 being the
 *   base) → `oenormProperties.zztabelle`;
 * - `variantenzusammenstellungstabelle` (2009 `ontypdef.xsd` `variantenzusammenstellungstabelle.group`, "required when
 *   the LV defines variants"): the combinations of variants the LV is priced in (`variantenzusammenstellung[@nr]`,
 *   A–Z, with `bezeichnung` and `zuordnungen/zuordnung[@zz]/variantennummer`) → `oenormProperties.
 *   variantenzusammenstellungen`. A combination's stated `gesamtsumme` follows from its positions and is not kept.
 */
import { childNamed, childrenNamed, type CapturedElement } from '../../../core/xml/capture.js';

/** One variant group of the `zztabelle`. */
export interface ZzGruppe {
  nr: string;
  varianten: { nr: string; bezeichnung?: string }[];
}

/** One combination of variants (`variantenzusammenstellung`). */
export interface Variantenzusammenstellung {
  nr: string;
  bezeichnung?: string;
  zuordnungen: { zz: string; variantennummer: string }[];
}

const textOf = (e: CapturedElement | undefined): string | undefined => (e === undefined || e.text === '' ? undefined : e.text);

/** The variant groups of a captured `zztabelle`. */
export function zzTableOf(table: CapturedElement): ZzGruppe[] {
  return childrenNamed(table, 'zzgruppe').map((g) => ({
    nr: (g.attrs.nr ?? '').trim(),
    varianten: childrenNamed(childNamed(g, 'varianten') ?? g, 'variante').map((v) => {
      const bezeichnung = textOf(childNamed(v, 'bezeichnung'));
      return bezeichnung === undefined ? { nr: (v.attrs.nr ?? '').trim() } : { nr: (v.attrs.nr ?? '').trim(), bezeichnung };
    }),
  }));
}

/** The combinations of a captured `variantenzusammenstellungstabelle`. */
export function compositionsOf(table: CapturedElement): Variantenzusammenstellung[] {
  return childrenNamed(table, 'variantenzusammenstellung').map((c) => {
    const zuordnungen = childrenNamed(childNamed(c, 'zuordnungen') ?? c, 'zuordnung')
      .map((z) => ({ zz: (z.attrs.zz ?? '').trim(), variantennummer: textOf(childNamed(z, 'variantennummer')) ?? '' }));
    const bezeichnung = textOf(childNamed(c, 'bezeichnung'));
    return bezeichnung === undefined ? { nr: (c.attrs.nr ?? '').trim(), zuordnungen } : { nr: (c.attrs.nr ?? '').trim(), bezeichnung, zuordnungen };
  });
}
