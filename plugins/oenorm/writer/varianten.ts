/**
 * The variant tables → ONLV (the reader keeps them, `reader/varianten.ts`):
 * - `zztabelle`, the names of each variant group's variants, only in the 2015 and 2021 editions, which add it (the
 *   2009 schema has no place: reported, `OENORM_ZZTABELLE_NOT_WRITTEN`). The 2015 and 2021 XSDs are not public; the
 *   form and place are those of the public 2015 ONLV of the corpus (ABK export, `onlv_2015_zimmermann.onlv`): after
 *   `leistungsteiltabelle`, before `zugelassenenachlaesse`, `zzgruppe[@nr]/varianten/variante[@nr]/bezeichnung`.
 * - `variantenzusammenstellungstabelle` (2009 `variantenzusammenstellungstabelle.group`, after `lv-summe` and
 *   `summenormalausfuehrung`): ÖNORM A 2063 requires it when the LV defines variants. Kept combinations are written
 *   as read (`nr` A–Z, `bezeichnung` 1–60 characters, `zuordnung[@zz]/variantennummer` 0–9; what does not fit is
 *   left out, reported); without kept ones, an LV whose positions form variants gets, when enforcing schema
 *   compliance, the combination A "Grundvariante" (each variant group at its lowest variant written, the base),
 *   reported as a default (`OENORM_DEFAULT_FILLED`).
 */
import type { ServiceSpecificationDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import { keptOf } from './document.js';

const ZZ = /^[A-Z0-9]{2}$/;
const VARIANT = /^[0-9]$/;
const COMPOSITION = /^[A-Z]$/;

type KeptGroup = { nr?: unknown; varianten?: { nr?: unknown; bezeichnung?: unknown }[] };
type KeptComposition = { nr?: unknown; bezeichnung?: unknown; zuordnungen?: { zz?: unknown; variantennummer?: unknown }[] };

const isText60 = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && Array.from(v).length <= 60;

/** Writes the kept `zztabelle` (see the module comment). @param edition `2009`, `2015` or `2021` */
export function writeZzTabelle(ctx: OenormWriterContext, spec: ServiceSpecificationDto, edition: string): void {
  const kept = keptOf(spec).zztabelle;
  if (!Array.isArray(kept) || kept.length === 0) return;
  if (edition === '2009') {
    ctx.report('OENORM_ZZTABELLE_NOT_WRITTEN', 'info', `The names of the variants of ${kept.length} variant group(s) (zztabelle) were not written: the 2009 edition has no place for them.`);
    return;
  }
  const groups = (kept as KeptGroup[]).map((g) => ({
    nr: g.nr, varianten: (Array.isArray(g.varianten) ? g.varianten : []).filter((v) => typeof v.nr === 'string' && VARIANT.test(v.nr) && isText60(v.bezeichnung)),
  })).filter((g): g is { nr: string; varianten: { nr: string; bezeichnung: string }[] } => typeof g.nr === 'string' && ZZ.test(g.nr) && g.varianten.length > 0);
  if (groups.length < kept.length) ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `${kept.length - groups.length} variant group(s) of the zztabelle without a valid zz or a named variant were not written.`);
  if (groups.length === 0) return;
  const b = ctx.b.open('zztabelle');
  for (const g of groups) {
    b.open('zzgruppe', { nr: g.nr }).open('varianten');
    for (const v of g.varianten) b.open('variante', { nr: v.nr }).leaf('bezeichnung', v.bezeichnung).close();
    b.close().close();
  }
  b.close();
}

/**
 * Writes `variantenzusammenstellungstabelle` (see the module comment).
 * @param variants the variant groups the positions were written with: `zz` → the lowest `variantennummer` written
 */
export function writeVariantenzusammenstellungen(ctx: OenormWriterContext, spec: ServiceSpecificationDto, variants: ReadonlyMap<string, number>): void {
  const kept = keptOf(spec).variantenzusammenstellungen;
  const list: { nr: string; bezeichnung: string; zuordnungen: [string, string][] }[] = [];
  const seen = new Set<string>();
  for (const c of Array.isArray(kept) ? (kept as KeptComposition[]) : []) {
    const read = Array.isArray(c.zuordnungen) ? c.zuordnungen : [];
    const zuordnungen = read
      .filter((z) => typeof z.zz === 'string' && ZZ.test(z.zz) && typeof z.variantennummer === 'string' && VARIANT.test(z.variantennummer))
      .map((z): [string, string] => [z.zz as string, z.variantennummer as string]);
    if (zuordnungen.length > 0 && zuordnungen.length < read.length) {
      ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', 'assignments (zuordnung) of variant combinations whose zz or variantennummer does not fit the schema were not written', typeof c.nr === 'string' ? c.nr : undefined);
    }
    if (typeof c.nr !== 'string' || !COMPOSITION.test(c.nr) || seen.has(c.nr) || zuordnungen.length === 0) {
      ctx.tally('OENORM_ELEMENT_NOT_WRITTEN', 'warning', 'variant combinations (variantenzusammenstellung) without a letter A–Z of their own or a valid assignment were not written', typeof c.nr === 'string' ? c.nr : undefined);
      continue;
    }
    seen.add(c.nr);
    let bezeichnung = ctx.line(typeof c.bezeichnung === 'string' ? c.bezeichnung : '', 60, 'variantenzusammenstellung/bezeichnung', c.nr);
    if (bezeichnung === '') {
      bezeichnung = `Variantenzusammenstellung ${c.nr}`;
      ctx.filled('variantenzusammenstellung/bezeichnung', 'Variantenzusammenstellung <nr>');
    }
    list.push({ nr: c.nr, bezeichnung, zuordnungen });
  }
  if (list.length === 0 && variants.size > 0 && ctx.enforce) {
    list.push({ nr: 'A', bezeichnung: 'Grundvariante', zuordnungen: [...variants].sort((x, y) => x[0].localeCompare(y[0])).map(([zz, v]) => [zz, String(v)]) });
    ctx.filled('variantenzusammenstellungstabelle', 'A "Grundvariante" (each variant group at its base variant)');
  }
  if (list.length === 0) return;
  const b = ctx.b.open('variantenzusammenstellungstabelle');
  for (const c of list) {
    b.open('variantenzusammenstellung', { nr: c.nr }).leaf('bezeichnung', c.bezeichnung).open('zuordnungen');
    for (const [zz, v] of c.zuordnungen) b.open('zuordnung', { zz }).leaf('variantennummer', v).close();
    b.close().close();
  }
  b.close();
}
