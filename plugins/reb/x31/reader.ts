/**
 * GAEB DA XML X31 reader (quantity determination; GAEB DA XML 3.2/3.3 phase 31 XSDs): streams the document
 * (saxes) and takes `QtyDetermInfo/MethodDescription` (REB23003-1979 → angles in degrees, REB23003-2009 → gon),
 * `OrdDescr` (order number) and `ProjDescr` (the name),
 * `BoQBkdn` (the item number schema), the categories' and items' `RNoPart`/`RNoIndex` (the item number) and each
 * item's `QTakeoff/@Row` (takeoff/line.ts, columns 1–11 blank) in order. A document of another phase (`DP`) or
 * root is refused. Rows in this gateway's own `QtyDeterm` layout (core/text/takeoff-row.ts: the address in
 * columns 12–17) are read as free formulas too.
 */
import { SaxesParser } from 'saxes';
import { parseError } from '../../../core/errors.js';
import type { ProjectDto } from '../../../core/model/types.js';
import { assumedWindows1252, decoderFor, ENCODING_ASSUMED } from '../../../core/text/encoding.js';
import { finishTakeoff, readTakeoffRow, type TakeoffComponent } from '../../../core/text/takeoff-row.js';
import { bindElementEvents, feedDecoded, saxErrorParts } from '../../../core/xml/sax-input.js';
import { REB_KEY } from '../da11/reader.js';
import { X31_NAMESPACE_PREFIX } from '../detect.js';
import type { RebReport } from '../report.js';
import { TakeoffEvaluator, type SourceLine } from '../takeoff/evaluate.js';
import { FREE_FORMULA, parseLine, type RebLine } from '../takeoff/line.js';
import { itemNumberOf, takeoffProject, type TakeoffItem, type TakeoffSchema } from '../takeoff/project.js';

const OWN_LAYOUT = /^ {11}\d{4}[A-Z]\d /;

interface PendingItem {
  levels: string[];
  position: string;
  index: string;
  rows: string[];
}

class X31State {
  readonly path: string[] = [];
  readonly categories: string[] = [];
  readonly items: PendingItem[] = [];
  readonly breakdown: { type: string; length: number }[] = [];
  method = '';
  order = '';
  name = '';
  dp = '';
  namespace = '';
  private text = '';
  private item: PendingItem | undefined;
  private bkdn: { type: string; length: number } | undefined;

  onOpen(name: string, attrs: Record<string, string>): void {
    this.path.push(name);
    this.text = '';
    if (this.path.length === 1) {
      this.namespace = attrs.xmlns ?? '';
      if (name !== 'GAEB') throw parseError(`Expected a GAEB DA XML X31 document (root element GAEB), found the root element ${name}.`, REB_KEY);
    } else if (name === 'BoQCtgy') this.categories.push(attrs.RNoPart ?? '');
    else if (name === 'Item') {
      this.item = { levels: [...this.categories], position: attrs.RNoPart ?? '', index: attrs.RNoIndex ?? '', rows: [] };
      this.items.push(this.item);
    } else if (name === 'QTakeoff' && this.item) this.item.rows.push(attrs.Row ?? '');
    else if (name === 'BoQBkdn') this.bkdn = { type: '', length: 0 };
  }

  onClose(name: string): void {
    const parent = this.path[this.path.length - 2];
    const text = this.text.trim();
    if (name === 'BoQCtgy') this.categories.pop();
    else if (name === 'Item') this.item = undefined;
    else if (name === 'MethodDescription') this.method = text;
    else if (name === 'OrdDescr' && parent === 'QtyDetermInfo') this.order = text;
    else if (name === 'ProjDescr' && parent === 'QtyDetermInfo') this.name = text;
    else if (name === 'DP' && parent === 'QtyDeterm') this.dp = text;
    else if (this.bkdn && parent === 'BoQBkdn') {
      if (name === 'Type') this.bkdn.type = text;
      if (name === 'Length') this.bkdn.length = Number(text) || 0;
    } else if (name === 'BoQBkdn' && this.bkdn) {
      this.breakdown.push(this.bkdn);
      this.bkdn = undefined;
    }
    this.path.pop();
    this.text = '';
  }

  onText(text: string): void {
    this.text += text;
  }
}

/** A row of this gateway's `QtyDeterm` layout as a free-formula line (its own reader gives the formula). */
function ownLayoutLines(rows: readonly string[]): RebLine[] {
  const components: TakeoffComponent[] = [];
  for (const row of rows) readTakeoffRow(row, components);
  return finishTakeoff(components).map((c) => ({
    oz: '', flag: '', explanation: c.description ?? '', deduction: false, factor: '', formulaNumber: FREE_FORMULA, body: `${c.formula}=`, values: [], address: '',
  }));
}

/**
 * Reads an X31 document.
 * @throws GatewayError GW_ERR_PARSE (400, key `rebFile`): malformed XML, a DOCTYPE, a GAEB document of another
 *   phase than 31 (e.g. an X83 sent as rebFile), a root other than GAEB
 */
export function readX31(bytes: Buffer, report: RebReport): ProjectDto {
  const state = new X31State();
  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.on('doctype', () => {
    throw parseError('The X31 document has a DOCTYPE declaration; GAEB DA XML documents have none, and it is refused.', REB_KEY);
  });
  bindElementEvents(parser, state);
  parser.on('error', (err) => {
    const { line, column, detail } = saxErrorParts(err, parser);
    throw parseError(`The X31 document is not well-formed XML at line ${line}, column ${column}: ${detail}.`, REB_KEY);
  });
  const decoder = decoderFor(bytes, { document: 'X31 document', key: REB_KEY });
  feedDecoded(bytes, decoder, parser);
  if (assumedWindows1252(decoder)) report.report('REB_CODE_PAGE', 'warning', ENCODING_ASSUMED);
  if (!state.namespace.startsWith(X31_NAMESPACE_PREFIX) || (state.dp !== '' && state.dp !== '31')) {
    const phase = /\/DA(\w+)\//.exec(state.namespace)?.[1] ?? state.dp;
    throw parseError(`Expected a REB take-off (DA11 or X31): this is a GAEB DA XML document${phase ? ` of phase ${phase}` : ''}, not a quantity determination (X31, DP 31). Send it as gaebFile to a /conversion/gaeb/… route.`, REB_KEY);
  }
  const evaluator = new TakeoffEvaluator(state.method === 'REB23003-1979' ? 'degree' : 'gon', report);
  const items: TakeoffItem[] = state.items.map((i) => {
    const own = i.rows.length > 0 && i.rows.every((r) => OWN_LAYOUT.test(r));
    const lines: SourceLine[] = (own ? ownLayoutLines(i.rows) : i.rows.map(parseLine)).map((line, n) => ({ line, lineNo: n + 1 }));
    return { levels: i.levels, position: i.position, index: i.index, takeoff: evaluator.item(lines, itemNumberOf(i)) };
  });
  const widths = (type: string) => state.breakdown.filter((b) => b.type === type).map((b) => b.length);
  const schema: TakeoffSchema = {
    levels: widths('BoQLevel').length > 0 ? widths('BoQLevel') : (items[0]?.levels.map((l) => l.length) ?? []),
    position: widths('Item')[0] ?? Math.max(1, ...items.map((i) => i.position.length)),
    index: widths('Index').length > 0,
  };
  const project = takeoffProject(items, schema, report, state.name || undefined);
  if (state.order) project.serviceSpecifications![0].rebOrderNumber = state.order;
  project.serviceSpecifications![0].originDetail = `GAEB DA XML X31 ${/\/DA31\/([\d.]+)/.exec(state.namespace)?.[1] ?? ''} ${state.method}`.trim();
  return project;
}
