/**
 * The planned outline (structure.ts) → the LV body (2009 `onlv.xsd` `onlv-body.group`): `gliederung-hg`/`-og`/
 * `-lg` with `hg`/`og`/`lg`/`ulg` (`*-eigenschaften`: `ueberschrift` ≤60 characters, for LG and ULG the
 * `vorbemerkung` and `herkunftskennzeichen`), the LG list's header (`lv-ogheader.group`: `preiserstellungsverfahren`,
 * `lb`, `svb`, once per OG in the OG outlines), `positionen/grundtextnr` with `ungeteilteposition[@mfv]` or
 * `grundtext` + `folgeposition[@ftnr][@mfv]`, `gliederung-posfrei` with `position[@nr]`, and the sums
 * (`ulg-summe` … `hg-summe` and `lv-summe`: `summe/gesamt`, a discount, `summe-inkl-na/gesamt`: `discounts.ts`; the
 * `pospreis` of the normal positions and the enclosed sums after their discounts) where the LV type allows them
 * ("Nicht im Entwurfs-LV und Ausschreibungs-LV").
 *
 * An LB (`onlb.xsd`) has the LG list without header or sums, and `aenderungskennzeichnungen` on every element.
 *
 * Note texts of a group are its preliminary remark (`vorbemerkung`, the LV's `svb` for notes outside groups and
 * those of OG/HG, which have no remark of their own); several are joined into one, reported.
 */
import { noteTitleToAdd } from '../../../core/model/note-title.js';
import type { NoteTextDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import type { LongText } from '../../../core/text/long-text.js';
import type { OenormWriterContext } from './context.js';
import { writeSum, type OenormDiscounts } from './discounts.js';
import { keptOf, writeLb, writePreiserstellungsverfahren } from './document.js';
import { KOMMENTAR_NOT_WRITTEN, ORIGIN_MARK, type PositionContext, writeElementData, writeEntry, writeMemo } from './positions.js';
import { groupTitleNote, isGroupTitle } from './outline-notes.js';
import type { Plan, PlanGroup } from './structure.js';
import { keptGaps, longTextForm, withFirstParagraph, writeFormattedText } from './text.js';

export interface BodyContext {
  spec: ServiceSpecificationDto;
  pc: PositionContext;
  sums: boolean;
  /** The discounts of the sums (`discounts.ts`). */
  discounts?: OenormDiscounts;
  /** Σ of the normal positions' amounts written so far, before any discount (`summe-des-lv`). */
  positionsTotal: number;
}

/** Writes the outline element and its content; returns the LV sum: of the normal positions, after the groups' discounts. */
export function writeBody(ctx: OenormWriterContext, plan: Plan, bc: BodyContext): number {
  const b = ctx.b;
  if (ctx.document === 'onlb') return writeList(ctx, plan.groups, 'lg', bc, []);
  if (plan.levels.length === 0) {
    b.open('gliederung-posfrei');
    writePreiserstellungsverfahren(ctx, bc.spec);
    b.open('positionen');
    let sum = 0;
    for (const entry of plan.posfrei) {
      b.open('position', { nr: entry.number });
      sum += writeEntry(ctx, entry, bc.pc, undefined);
      b.close();
    }
    bc.positionsTotal += sum;
    b.close().close();
    if (plan.svb.length > 0) {
      ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `${plan.svb.length} note text(s) were not written: an ÖNORM LV without outline has no place for preliminary remarks.`);
    }
    return sum;
  }
  b.open(`gliederung-${plan.levels[0]}`);
  const sum = writeList(ctx, plan.groups, plan.levels[0], bc, plan.svb);
  b.close();
  return sum;
}

/** A group list; `svb` = notes for the LG list's header (of the outline, or of the enclosing OG). */
function writeList(ctx: OenormWriterContext, groups: PlanGroup[], level: string, bc: BodyContext, svb: NoteTextDto[]): number {
  const b = ctx.b;
  if (level === 'lg' && ctx.document === 'onlv') {
    writePreiserstellungsverfahren(ctx, bc.spec);
    writeLb(ctx, bc.spec);
    if (keptOf(bc.spec).erglb !== undefined) writeLb(ctx, bc.spec, 'erglb');
    writeRemark(ctx, 'svb', svb, 'svb', bc);
  }
  b.open(`${level}-liste`);
  let sum = 0;
  let pendingSvb = level === 'lg' ? [] : svb;
  for (const g of groups) {
    sum += writeGroup(ctx, g, bc, pendingSvb);
    pendingSvb = [];
  }
  b.close();
  return sum;
}

function writeGroup(ctx: OenormWriterContext, g: PlanGroup, bc: BodyContext, inherited: NoteTextDto[]): number {
  const b = ctx.b;
  const where = g.source?.itemNumber?.stringRepresentation ?? g.nr;
  b.open(g.level, { nr: g.nr });
  b.open(`${g.level}-eigenschaften`);
  const parts = ctx.lineParts(g.title ?? '', 60, 'ueberschrift', where);
  let title = parts.text;
  // a shortened title is kept whole as the first, bold paragraph of the group's remark (an HG's or OG's: the svb
  // under it), unless that remark begins with it
  if (parts.whole !== parts.text && noteTitleToAdd({ shortText: parts.whole, longText: g.notes[0]?.longText }) !== undefined) {
    g.notes.unshift(groupTitleNote(parts.whole));
    ctx.tally('OENORM_TEXT_KEPT_WHOLE', 'info', 'group titles longer than the 60 characters of ueberschrift were written whole as the first, bold paragraph of their preliminary remark', where);
  }
  if (title === '' && ctx.enforce) {
    title = `${g.level.toUpperCase()} ${g.nr}`;
    ctx.filled('ueberschrift', `${g.level.toUpperCase()} <nr>`);
  }
  b.leaf('ueberschrift', title);
  const remarkable = g.level === 'lg' || g.level === 'ulg';
  if (remarkable) {
    const links = writeRemark(ctx, 'vorbemerkung', g.notes, where, bc, false);
    writeElementData(ctx, bc.pc, ORIGIN_MARK[String(g.source?.oenormProperties?.originCode)], links, g.source?.oenormProperties, where);
  }
  b.close();
  let sum = 0;
  if (g.level === 'ulg') sum = writePositions(ctx, g, bc);
  else if (g.level === 'og') sum = writeList(ctx, g.groups, 'lg', bc, [...inherited, ...g.notes]);
  else if (g.level === 'hg') sum = writeList(ctx, g.groups, 'og', bc, [...inherited, ...g.notes]);
  else sum = writeList(ctx, g.groups, 'ulg', bc, []);
  if (bc.sums) {
    const what = `${g.level.toUpperCase()} ${where}`;
    sum = writeSum(ctx, `${g.level}-summe`, sum, where, bc.discounts?.of(g.source, what));
  }
  b.close();
  return sum;
}

function writePositions(ctx: OenormWriterContext, ulg: PlanGroup, bc: BodyContext): number {
  const b = ctx.b;
  const prefix = `${ulg.source?.itemNumber?.stringRepresentation ?? ulg.nr}`;
  let sum = 0;
  b.open('positionen');
  for (const gt of ulg.gtnrs) {
    b.open('grundtextnr', { nr: gt.nr });
    if (gt.divided) {
      const form = gt.grundtextHtml !== undefined ? longTextForm(ctx, gt.grundtextHtml, undefined) : undefined;
      const mark = ORIGIN_MARK[gt.grundtextOrigin ?? ''];
      const where = `${prefix}${gt.nr}`;
      // a Grundtext's comment: `lb-grundtext.type` (langtext, kommentar, herkunftskennzeichen); an LV's has none
      const kommentar = bc.pc.lbVersion !== undefined ? gt.grundtextKommentar : undefined;
      if (gt.grundtextKommentar !== undefined && kommentar === undefined) {
        ctx.tally('OENORM_MEMO_NOT_WRITTEN', 'info', KOMMENTAR_NOT_WRITTEN, where);
      }
      if (!form && !mark && kommentar === undefined) b.empty('grundtext');
      else {
        b.open('grundtext');
        if (form) writeFormattedText(ctx, 'langtext', form, where, { edition: bc.pc.edition, gaps: keptGaps(gt.grundtextHtml), html: [gt.grundtextHtml] });
        if (kommentar !== undefined) writeMemo(ctx, 'kommentar', kommentar, where, bc.pc);
        if (mark) b.leaf('herkunftskennzeichen', mark);
        b.close();
      }
    }
    for (const entry of gt.entries) {
      // an LB's positions have no Mehrfachverwendung (onlb.xsd)
      const mfv = bc.pc.lbVersion === undefined ? entry.mfv : undefined;
      b.open(gt.divided ? 'folgeposition' : 'ungeteilteposition', gt.divided ? { ftnr: entry.ftnr, mfv } : { mfv });
      sum += writeEntry(ctx, entry, bc.pc, gt.grundtextHtml);
      b.close();
    }
    b.close();
  }
  b.close();
  bc.positionsTotal += sum;
  return sum;
}

/**
 * The long text of a note text that has a short text (a title: a GAEB remark's outline text) with that title as its
 * bold first paragraph, unless the text already starts with it: a preliminary remark (`vorbemerkung`, `svb`) has no
 * title of its own, and the title would be lost (`OENORM_NOTE_TITLE_IN_TEXT`, info).
 */
function titled(ctx: OenormWriterContext, n: NoteTextDto, form: LongText, where: string): LongText {
  const title = noteTitleToAdd(n);
  if (title === undefined) return form;
  ctx.tally('OENORM_NOTE_TITLE_IN_TEXT', 'info', 'the short texts (titles) of note texts were written as the bold first line of the preliminary remark they went to, which has no title of its own', where);
  return withFirstParagraph(ctx, form, title, true);
}

/**
 * A preliminary remark from note texts: `svb` (always written, may be empty) or a group's `vorbemerkung` (only
 * when there are notes). Several notes are joined into one text.
 * @returns for a `vorbemerkung`, the ids of the graphics its notes link, for the group to write after it (an `svb`
 *   writes its own)
 */
export function writeRemark(ctx: OenormWriterContext, element: 'svb' | 'vorbemerkung', notes: NoteTextDto[], where: string, bc: BodyContext, always = true): string[] {
  const forms: { form: LongText; html?: string }[] = [];
  for (const n of notes) {
    const form = longTextForm(ctx, n.htmlLongText, n.longText);
    if (form === undefined) {
      const title = longTextForm(ctx, undefined, n.shortText);
      if (title) forms.push({ form: title });
      continue;
    }
    forms.push({ form: titled(ctx, n, form, where), html: n.htmlLongText });
  }
  // titles of groups that are not written are reported with those groups (outline-notes.ts)
  const own = notes.filter((n) => !isGroupTitle(n));
  if (own.length > 1) {
    ctx.report('OENORM_NOTES_MERGED', 'info', `${own.length} note texts of ${where} were joined into one ${element === 'svb' ? 'standing preliminary remark (svb)' : 'preliminary remark (vorbemerkung)'}.`, where === 'svb' ? undefined : where);
  }
  const joined: LongText = { blocks: forms.flatMap((f) => f.form.blocks) };
  const gaps = forms.flatMap((f) => keptGaps(f.html));
  const mark = ORIGIN_MARK[String(own[0]?.oenormNoteTextProperties?.originCode)];
  const links = [...new Set(notes.flatMap((n) => ctx.graphics.linksOf(n.htmlLongText)))];
  if (element === 'svb') {
    const kept = (bc.spec.oenormProperties ?? {}) as Record<string, unknown>;
    const memo = {
      kommentar: kept.svbKommentar, notiz: kept.svbNotiz, openingTextIsFreeText: own[0]?.oenormNoteTextProperties?.openingTextIsFreeText,
      aenderungskennzeichnungen: kept.svbAenderungskennzeichnungen, nichtinteilausgabe: kept.svbNichtinteilausgabe,
    };
    if (forms.length === 0 && !mark && bc.pc.lbVersion === undefined && links.length === 0 && memo.notiz === undefined && memo.openingTextIsFreeText !== true) {
      ctx.b.empty('svb');
      return [];
    }
    ctx.b.open('svb');
    if (forms.length > 0) writeFormattedText(ctx, 'vorbemerkung', joined, where, { edition: bc.pc.edition, gaps, html: forms.map((f) => f.html) });
    writeElementData(ctx, bc.pc, mark, links, memo, where);
    ctx.b.close();
    return [];
  }
  if (forms.length > 0 || always) writeFormattedText(ctx, 'vorbemerkung', joined, where, { edition: bc.pc.edition, gaps, html: forms.map((f) => f.html) });
  return links;
}
