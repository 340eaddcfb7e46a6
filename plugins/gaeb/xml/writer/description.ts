/**
 * `Description` of items, remarks and performance descriptions (GAEB DA XML 3.3 Lib tgDescription,
 * tgCompleteText, tgOutlineText/tgOutlTxt): the long text (`htmlLongText`, else `longText` lines) as
 * `CompleteText/DetailTxt`, the short text as `OutlineText/OutlTxt/TextOutlTxt` (one `p` per line), and the
 * `ComplTSA`/`ComplTSB` flags when the long text holds owner/bidder TextComplements (3.0 spec §5.7: "if
 * DetailTxt contains a TextComplement then ComplTSA and/or ComplTSB must exist"). X84 keeps only complements.
 *
 * Option `EnforceStrictOfferPhaseLongTextOutput` (seed G: "When true, long texts with text additions exported
 * to GAEB XML are strictly schema compliant. When false, any text marked as containing a text addition is
 * exported in full, so misused text additions are preserved"). Only phase 84 restricts long texts: its tgBoQText
 * holds `Text`/`TextComplement`, and its redefined tgpTC/tgdivTC (and li/td) hold nothing but `TextComplement`,
 * so ordinary text can legally appear only inside a complement's `ComplBody` (tgMLText, not restricted in 84:
 * p, div, span, br). A text "misuses" additions when it is marked as holding one (`additionType` ByBidder or
 * ByBuyer) but carries no complement markup: strict (true) writes the complements only, i.e. nothing of such a
 * text; non-strict (false, default) writes the whole text as one `TextComplement` of the marked kind (ByBidder →
 * Bidder, ByBuyer → Owner), schema-valid, so the addition reaches the bidder. Texts with complement markup are
 * written the same way in both modes (their complements), as is every text in the other phases, where the
 * writer's output is schema-compliant anyway.
 */
import type { WriterContext } from './context.js';
import { longTextFormOf } from '../../../../core/text/long-text-cache.js';
import { formToBlocks, plainToBlocks, type Block, type Complement, type Inline } from './text.js';
import {
  complementKinds, complements, writeComplementsOnly, writeDetailTxtContent, writeFTextContent, writeMLTextLines,
  type RichTextMode,
} from './text-xml.js';

export interface TextSource {
  shortText?: string;
  longText?: string;
  htmlLongText?: string;
  /** `ByBidder`/`ByBuyer`: the text is marked as holding a text addition (AVACloud AdditionTypeDto). */
  additionType?: string;
}

export interface DescriptionOptions {
  /** The parent requires a Description (Remark, PerfDescr outside 84). */
  required: boolean;
  /** Item number (message key) or undefined for project-level texts. */
  itemNumber?: string;
  /** Field name used when there is no item number. */
  field: string;
}

/** The long text of an element as blocks (HTML preferred, plain lines otherwise); [] when there is none. */
export function longTextBlocks(ctx: WriterContext, src: TextSource, itemNumber: string | undefined, field: string): Block[] {
  const origin = { itemNumber, field, label: 'long text' };
  const clean = (s: string) => ctx.clean(s, origin);
  const html = src.htmlLongText;
  if (html !== undefined && html.trim() !== '') {
    return formToBlocks(longTextFormOf(ctx.longTexts, html), clean, (what) => ctx.tally('GAEB_XML_TEXT_CONTENT_DROPPED', 'warning', what, itemNumber ?? field));
  }
  const plain = src.longText;
  return plain !== undefined && plain.trim() !== '' ? plainToBlocks(plain, clean) : [];
}

/** A rich-text mode for the current schema; MarkLbl numbering restarts per description. */
export function richTextMode(ctx: WriterContext, itemNumber: string | undefined): RichTextMode {
  let mark = 0;
  return {
    complementInline: ctx.rules.text.complementInline,
    captionTail: ctx.rules.text.complementCaptionTail,
    bodyOnly: ctx.rules.text.complementBodyOnly,
    noNestedLists: ctx.rules.version === '3.1',
    nextMark: () => ++mark,
    flattened: () =>
      ctx.tally(
        'GAEB_XML_COMPLEMENT_AS_TEXT',
        'info',
        'text complements where the schema allows none (table headers, AddText, nested in 3.1) were written as plain text',
        itemNumber,
      ),
  };
}

/** Writes `Description` (or nothing when there is nothing to write and the parent does not require it). */
export function writeDescription(ctx: WriterContext, src: TextSource, opts: DescriptionOptions): void {
  const b = ctx.b;
  const blocks = longTextBlocks(ctx, src, opts.itemNumber, opts.field);
  const mode = richTextMode(ctx, opts.itemNumber);
  if (ctx.rules.text.complementsOnly) {
    const list = complements(blocks);
    const marked = src.additionType === 'ByBidder' || src.additionType === 'ByBuyer';
    if (marked && list.length === 0 && blocks.length > 0) {
      const where = opts.itemNumber ?? opts.field;
      if (ctx.options.EnforceStrictOfferPhaseLongTextOutput === true) {
        ctx.tally('GAEB_XML_TEXT_ADDITION_DROPPED', 'warning', `phase ${ctx.rules.phase} keeps only text complements; texts marked as holding a text addition without complement markup were not written (EnforceStrictOfferPhaseLongTextOutput=true)`, where);
      } else {
        list.push(wholeTextComplement(ctx, blocks, src.additionType === 'ByBuyer' ? 'Owner' : 'Bidder', where));
        ctx.tally('GAEB_XML_TEXT_ADDITION_KEPT', 'info', `texts marked as holding a text addition without complement markup were written in full as one text complement, the only place phase ${ctx.rules.phase} allows text (EnforceStrictOfferPhaseLongTextOutput=false)`, where);
      }
    }
    if ((src.shortText !== undefined && src.shortText.trim() !== '') || blocks.length > 0) {
      ctx.tally('GAEB_XML_TEXT_DROPPED', 'info', `phase ${ctx.rules.phase} carries no short or long texts, only text complements`, opts.itemNumber ?? opts.field);
    }
    if (list.length === 0 && !opts.required) return;
    b.open('Description').open('CompleteText').open('DetailTxt');
    if (list.length > 0) writeComplementsOnly(b, list, mode);
    else b.empty('Text');
    b.close().close().close();
    return;
  }
  const short = src.shortText !== undefined && src.shortText.trim() !== ''
    ? ctx.clean(src.shortText, { itemNumber: opts.itemNumber, field: opts.field, label: 'short text' })
    : undefined;
  if (blocks.length === 0 && short === undefined && !opts.required) return;
  b.open('Description');
  if (blocks.length === 0 && short !== undefined) {
    writeOutlineText(ctx, short);
  } else {
    b.open('CompleteText');
    const kinds = complementKinds(blocks);
    if (kinds.owner) b.leaf('ComplTSA', 'Yes');
    if (kinds.bidder) b.leaf('ComplTSB', 'Yes');
    b.open('DetailTxt');
    writeDetailTxtContent(b, blocks, mode);
    b.close();
    if (short !== undefined) writeOutlineText(ctx, short);
    b.close();
  }
  b.close();
}

function writeOutlineText(ctx: WriterContext, short: string): void {
  ctx.b.open('OutlineText').open('OutlTxt').open('TextOutlTxt');
  writeMLTextLines(ctx.b, short);
  ctx.b.close().close().close();
}

/** Writes tgFText content (Descrip, DetailAddText) from a text source: complements become plain text. */
export function writeFText(ctx: WriterContext, src: TextSource, field: string): void {
  const blocks = longTextBlocks(ctx, src, undefined, field);
  if (blocks.length === 0 && src.shortText) {
    writeMLTextLines(ctx.b, ctx.clean(src.shortText, { field, label: 'text' }));
    return;
  }
  writeFTextContent(ctx.b, blocks, richTextMode(ctx, undefined));
}

/**
 * A whole long text as one complement (non-strict 84): blocks become lines (`br` between them), spans keep their
 * style, inner complements their caption/body/tail text; images, which tgMLText cannot hold, are left out.
 */
function wholeTextComplement(ctx: WriterContext, blocks: readonly Block[], kind: Complement['kind'], where: string): Complement {
  const body: Inline[] = [];
  const line = () => {
    if (body.length > 0 && body[body.length - 1].t !== 'br') body.push({ t: 'br' });
  };
  const inlines = (list: readonly Inline[]) => {
    for (const i of list) {
      if (i.t === 'span' || i.t === 'br') body.push(i);
      else if (i.t === 'tc') inlines([...(i.tc.caption ?? []), ...i.tc.body, ...(i.tc.tail ?? [])]);
      else ctx.tally('GAEB_XML_TEXT_CONTENT_DROPPED', 'warning', 'images in a text written as a text complement were left out', where);
    }
  };
  const walk = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.t === 'p' || b.t === 'div') {
        line();
        inlines(b.inl);
      } else if (b.t === 'list') for (const item of b.items) walk(item.blocks);
      else if (b.t === 'table') for (const row of b.rows) for (const cell of row.cells) walk(cell.blocks);
      else if (b.t === 'img') ctx.tally('GAEB_XML_TEXT_CONTENT_DROPPED', 'warning', 'images in a text written as a text complement were left out', where);
    }
  };
  walk(blocks);
  while (body.length > 0 && body[body.length - 1].t === 'br') body.pop();
  return { kind, empty: false, body };
}
