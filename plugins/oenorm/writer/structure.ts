/**
 * The project's element tree → the ÖNORM outline (2009 `onlv.xsd`): `gliederung-lg` (LG → ULG), `-og`
 * (OG → LG → ULG), `-hg` (HG → OG → LG → ULG) when every position lies 2, 3 or 4 groups deep, `gliederung-posfrei`
 * when there are no groups; group numbers of exactly two characters `[A-Z0-9]` (`lgnr.type` … `ulgnr.type`),
 * positions under `grundtextnr` (two characters) as `ungeteilteposition[@mfv]` or `folgeposition[@ftnr][@mfv]`
 * (`ftnr` one letter A–Z, `mfv` a digit 1–9 or empty), keys unique per level.
 *
 * An LB (`onlb.xsd`) has only LG → ULG, no Mehrfachverwendung and one `ungeteilteposition` per Grundtextnummer.
 *
 * Numbers: the ÖNORM parts the reader kept (`grundtextnr`, `ftnr`, `mfv`) when present, else the item number's
 * identifiers (group tiers, then Grundtextnummer and an optional index letter + Mehrfachverwendung digit).
 *
 * What does not fit answers 400 naming the first element, unless `TryRepairProjectStructure` is true (AVACloud:
 * "tries to make the project structure mappable to ÖNorm and may add group levels"): then the outline becomes
 * LG → ULG, a position directly in an LG gets an added ULG, positions outside any group an added LG and ULG, groups
 * deeper than two levels are merged into the ULG of their deepest group, group numbers that do not fit (or repeat)
 * get the next free two-character number, and the positions of a ULG whose numbers do not fit are renumbered one
 * Grundtextnummer each; one message per change, naming old and new numbers.
 *
 * A group that holds no position but note texts, at the depth of the project's positions (or, with the repair, at
 * any depth), keeps its place as a ULG when one of its note texts has a short text: from that note on, its note texts
 * become the ULG's wählbare Vorbemerkungen (`lv-wvb-pos.type`: an entry of `positionen` with `stichwort` and
 * `langtext`, no quantity), numbered 01, 02 … in order; note texts before it stay the ULG's `vorbemerkung`. This is
 * how ÖNORM LVs carry the preliminary remarks of their LG 00 (read back as note texts with their number), and what a
 * GAEB category of titled remarks (`Remark` with an outline text) becomes. A group whose note texts have no short
 * text has no stichwort to give: it is not written as a group; its title and note texts go to the preliminary remark
 * of the nearest written group above it (`outline-notes.ts`), as do those of group levels merged away. Note texts
 * between the positions of a ULG, also of one added by the repair, become wählbare Vorbemerkungen at their place
 * (`notes-between.ts`); numbers: `entry-numbers.ts`.
 */
import { targetError } from '../../../core/errors.js';
import {
  isGroup, isNoteText, isPosition, type ElementDto, type NoteTextDto, type PositionDto, type ServiceSpecificationDto,
  type ServiceSpecificationGroupDto,
} from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import { attachGroupNotes, reportUnwrittenGroups } from './outline-notes.js';
import { KEY2, REPAIR_HINT, nextFree, numberEntries, numberOf, numberPosfrei, numbers } from './entry-numbers.js';
import { takeNotesBetween } from './notes-between.js';

export type Level = 'hg' | 'og' | 'lg' | 'ulg';
const OUTLINES: Readonly<Record<number, Level[]>> = { 2: ['lg', 'ulg'], 3: ['og', 'lg', 'ulg'], 4: ['hg', 'og', 'lg', 'ulg'] };

export type Entry = PositionDto | NoteTextDto;

export interface PlanEntry {
  element: Entry;
  /** The element's item number in the project (for messages). */
  number: string;
  ftnr?: string;
  mfv: string;
}

export interface PlanGtnr {
  nr: string;
  /** Folgepositionen under a Grundtext (else ungeteilte Positionen). */
  divided: boolean;
  /** The Grundtext's HTML long text (kept by the reader), split off the Folgepositionen's texts. */
  grundtextHtml?: string;
  grundtextOrigin?: string;
  /** The Grundtext's comment (`kommentar`, an LB's), HTML, as the reader kept it with the Folgepositionen. */
  grundtextKommentar?: string;
  entries: PlanEntry[];
}

export interface PlanGroup {
  level: Level;
  nr: string;
  title?: string;
  source?: ServiceSpecificationGroupDto;
  /** Note texts of the group (its `vorbemerkung`; for an OG/HG: its `svb`). */
  notes: NoteTextDto[];
  groups: PlanGroup[];
  gtnrs: PlanGtnr[];
  /** Why the group was added or merged (repair), reported once its number is known. */
  repaired?: string;
  /**
   * Entries of a ULG before numbering, with the source's group depth and their place in document order; `wvb`: a note
   * text of a group without positions that becomes a wählbare Vorbemerkung numbered after the others (see the module
   * comment); `between`: a note text between the ULG's positions (`notes-between.ts`).
   */
  pending: { element: Entry; depth: number; wvb?: boolean; order: number; between?: boolean }[];
}

export interface Plan {
  /** Outline levels, outermost first; [] for `gliederung-posfrei`. */
  levels: Level[];
  groups: PlanGroup[];
  /** Positions of an LV without outline (`position[@nr]`, nr in `PlanEntry.number`). */
  posfrei: PlanEntry[];
  /** Note texts outside any group: the standing preliminary remarks (`svb`). */
  svb: NoteTextDto[];
}

/** A note text that is an ÖNORM entry (a "wählbare Vorbemerkung" read with its number). */
const isEntryNote = (e: NoteTextDto): boolean => typeof e.oenormNoteTextProperties?.itemNumber === 'string';

interface Collected {
  element: Entry;
  path: ServiceSpecificationGroupDto[];
  /** Position in document order (for the note texts that become wählbare Vorbemerkungen). */
  order: number;
  wvb?: boolean;
}

/**
 * Plans the outline of a service specification.
 * @throws GatewayError GW_ERR_TARGET_CONSTRAINT (400) when the project holds no position, or (without
 *   TryRepairProjectStructure) when the structure does not fit, naming the first element that does not
 */
export function planOutline(ctx: OenormWriterContext, spec: ServiceSpecificationDto): Plan {
  const entries: Collected[] = [];
  const notesOf = new Map<ServiceSpecificationGroupDto | undefined, NoteTextDto[]>();
  const parents = new Map<ServiceSpecificationGroupDto, ServiceSpecificationGroupDto | undefined>();
  const allGroups: ServiceSpecificationGroupDto[] = [];
  const pathOf = new Map<ServiceSpecificationGroupDto, ServiceSpecificationGroupDto[]>();
  const orderOf = new Map<NoteTextDto | ServiceSpecificationGroupDto, number>();
  let order = 0;
  const walk = (list: readonly ElementDto[] | undefined, path: ServiceSpecificationGroupDto[]) => {
    for (const e of list ?? []) {
      order++;
      if (isGroup(e)) {
        orderOf.set(e, order);
        parents.set(e, path[path.length - 1]);
        allGroups.push(e);
        const inner = [...path, e];
        pathOf.set(e, inner);
        walk(e.elements, inner);
      } else if (isPosition(e) || (isNoteText(e) && isEntryNote(e))) entries.push({ element: e as Entry, path, order });
      else if (isNoteText(e)) {
        orderOf.set(e, order);
        const owner = path[path.length - 1];
        const list = notesOf.get(owner);
        if (list) list.push(e);
        else notesOf.set(owner, [e]);
      }
    }
  };
  walk(spec.elements, []);
  if (!entries.some((e) => isPosition(e.element))) {
    throw targetError('The service specification holds no position; an ÖNORM LV needs at least one', 'serviceSpecifications');
  }

  const plan: Plan = { levels: [], groups: [], posfrei: [], svb: notesOf.get(undefined) ?? [] };
  const depths = new Set(entries.map((e) => e.path.length));
  const lb = ctx.document === 'onlb';
  if (allGroups.length === 0 && !lb) {
    plan.posfrei = numberPosfrei(ctx, entries.map((e) => e.element));
    return plan;
  }
  const depth = depths.size === 1 ? [...depths][0] : -1;
  const allowed = (d: number) => (lb ? d === 2 : OUTLINES[d] !== undefined);
  const fits = allowed(depth);
  if (!fits && !ctx.repair) {
    const bad = entries.find((e) => !allowed(e.path.length) || e.path.length !== entries[0].path.length) ?? entries[0];
    const where = numberOf(bad.element) || bad.element.shortText || 'an element';
    const outlines = lb ? 'an ÖNORM LB has 2 group levels (LG, ULG)' : 'an ÖNORM outline has 2 (LG, ULG), 3 (OG, LG, ULG) or 4 (HG, OG, LG, ULG) group levels';
    throw targetError(
      `${where} lies ${bad.path.length} group ${bad.path.length === 1 ? 'level' : 'levels'} deep, and the positions of the project lie ` +
        `${[...depths].sort((a, b) => a - b).join(', ')} ${depths.size === 1 && depths.has(1) ? 'level' : 'levels'} deep; ${outlines} with every position in a ULG; ${REPAIR_HINT}`,
      where,
    );
  }
  plan.levels = fits ? OUTLINES[depth] : OUTLINES[2];
  const remarks = wvbGroups(allGroups, entries, notesOf, pathOf, (d) => (fits ? d === depth : ctx.repair));
  if (remarks.length > 0) {
    for (const { group, wvb } of remarks) for (const n of wvb) entries.push({ element: n, path: pathOf.get(group)!, order: orderOf.get(n)!, wvb: true });
    entries.sort((a, b) => a.order - b.order);
  }
  const mapped = new Map<ServiceSpecificationGroupDto, PlanGroup>();
  const children = new Map<PlanGroup | undefined, Map<unknown, PlanGroup>>();
  const child = (parent: PlanGroup | undefined, key: unknown, make: () => PlanGroup): PlanGroup => {
    let byKey = children.get(parent);
    if (!byKey) children.set(parent, (byKey = new Map()));
    let g = byKey.get(key);
    if (!g) {
      g = make();
      byKey.set(key, g);
      (parent ? parent.groups : plan.groups).push(g);
    }
    return g;
  };
  const fromSource = (level: Level, source: ServiceSpecificationGroupDto, repaired?: string): PlanGroup =>
    ({ level, nr: '', title: source.shortText, source, notes: [], groups: [], gtnrs: [], pending: [], repaired });
  // the ULG added for the positions directly in a group (or outside any group: undefined), see takeNotesBetween
  const addedFor = new Map<ServiceSpecificationGroupDto | undefined, PlanGroup>();
  for (const { element, path, wvb, order: at } of entries) {
    let ulg: PlanGroup;
    if (fits) {
      let parent: PlanGroup | undefined;
      path.forEach((g, i) => {
        parent = child(parent, g, () => fromSource(plan.levels[i], g));
        mapped.set(g, parent);
      });
      ulg = parent!;
    } else if (path.length === 0) {
      const title = spec.name ?? 'Leistungsverzeichnis';
      const lg = child(undefined, 'added', () => ({ ...fromSource('lg', { elementTypeDiscriminator: 'ServiceSpecificationGroupDto' }), source: undefined, title, repaired: 'added for the positions outside any group' }));
      ulg = child(lg, 'added', () => ({ ...fromSource('ulg', { elementTypeDiscriminator: 'ServiceSpecificationGroupDto' }), source: undefined, title, repaired: 'added for the positions outside any group' }));
      addedFor.set(undefined, ulg);
    } else {
      const lg = child(undefined, path[0], () => fromSource('lg', path[0]));
      mapped.set(path[0], lg);
      if (path.length === 1) {
        ulg = child(lg, 'added', () => ({ ...fromSource('ulg', path[0]), source: undefined, repaired: `added for the positions directly in group ${numberOf(path[0])}` }));
        addedFor.set(path[0], ulg);
      } else {
        const deepest = path[path.length - 1];
        const merged = path.length > 2 ? `merged from group ${numberOf(deepest)} (${path.length} levels deep; ÖNORM has LG and ULG)` : undefined;
        ulg = child(lg, deepest, () => fromSource('ulg', deepest, merged));
        mapped.set(deepest, ulg);
      }
    }
    ulg.pending.push({ element, depth: path.length, wvb, order: at });
  }
  const holding = new Set<ServiceSpecificationGroupDto>();
  for (const e of entries) for (const g of e.path) holding.add(g);
  takeNotesBetween(mapped, notesOf, orderOf, addedFor, (owner) => ((owner === undefined ? spec.elements : owner.elements) ?? []).some(isGroup));
  plan.svb = notesOf.get(undefined) ?? []; // without the notes between positions outside any group, now taken
  const unwritten = attachGroupNotes(plan, { all: allGroups, parents, notesOf, orderOf, holding }, mapped);
  numberGroups(ctx, plan.groups, '', orderOf);
  const written = remarks.length > 0 ? entryNumbers(plan.groups) : undefined;
  for (const { group, wvb } of remarks) {
    const numbers = wvb.map((n) => written!.get(n)!);
    const range = numbers.length > 1 ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers[0];
    ctx.report('OENORM_NOTES_AS_WVB', 'info', `${wvb.length} note text(s) of group ${numberOf(group)}, which holds no position, were written as its wählbare Vorbemerkungen ${range} (an ÖNORM ULG holds at least one entry).`, numberOf(group));
  }
  reportUnwrittenGroups(ctx, unwritten, numberOf, (g) => fullNumber(plan.groups, g));
  return plan;
}

/** A group without positions whose note texts become wählbare Vorbemerkungen, and those note texts. */
interface WvbGroup {
  group: ServiceSpecificationGroupDto;
  wvb: NoteTextDto[];
}

/**
 * The groups without positions whose note texts become wählbare Vorbemerkungen (see the module comment): groups
 * without subgroups and entries, at a depth `atDepth` accepts (the depth counts the group itself), with a note text
 * that has a short text. From `notesOf`, the note texts from the first such one on are taken; those before it stay.
 */
function wvbGroups(
  groups: readonly ServiceSpecificationGroupDto[], entries: readonly Collected[], notesOf: Map<ServiceSpecificationGroupDto | undefined, NoteTextDto[]>,
  pathOf: Map<ServiceSpecificationGroupDto, ServiceSpecificationGroupDto[]>, atDepth: (depth: number) => boolean,
): WvbGroup[] {
  const holding = new Set<ServiceSpecificationGroupDto>();
  for (const e of entries) for (const g of e.path) holding.add(g);
  const found: WvbGroup[] = [];
  for (const group of groups) {
    const notes = notesOf.get(group);
    if (notes === undefined || holding.has(group) || group.elements?.some((e) => isGroup(e)) || !atDepth(pathOf.get(group)!.length)) continue;
    const first = notes.findIndex((n) => (n.shortText ?? '').trim() !== '');
    if (first < 0) continue;
    found.push({ group, wvb: notes.slice(first) });
    if (first === 0) notesOf.delete(group);
    else notesOf.set(group, notes.slice(0, first));
  }
  return found;
}

/** The number planned for each entry. */
function entryNumbers(groups: readonly PlanGroup[], out = new Map<Entry, string>()): Map<Entry, string> {
  for (const g of groups) {
    for (const gt of g.gtnrs) for (const e of gt.entries) out.set(e.element, e.number);
    entryNumbers(g.groups, out);
  }
  return out;
}

/** A planned group's number with those of the groups above it (`36.16`), once numbered. */
function fullNumber(groups: readonly PlanGroup[], target: PlanGroup, prefix = ''): string | undefined {
  for (const g of groups) {
    if (g === target) return `${prefix}${g.nr}`;
    const inner = fullNumber(g.groups, target, `${prefix}${g.nr}.`);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The identifier of a group's own tier: the last of its item number's identifiers (or dot-separated parts). */
function ownIdentifier(g: ServiceSpecificationGroupDto): string | undefined {
  const ids = g.itemNumber?.identifiers ?? (g.itemNumber?.stringRepresentation ?? '').split('.').filter((s) => s !== '');
  return ids.length > 0 ? ids[ids.length - 1] : undefined;
}

function numberGroups(ctx: OenormWriterContext, siblings: PlanGroup[], prefix: string, orderOf: ReadonlyMap<NoteTextDto | ServiceSpecificationGroupDto, number>): void {
  const used = new Set<string>();
  const pending: PlanGroup[] = [];
  for (const g of siblings) {
    const own = g.source && !g.repaired ? ownIdentifier(g.source) : undefined;
    if (own !== undefined && KEY2.test(own) && !used.has(own)) {
      g.nr = own;
      used.add(own);
    } else {
      if (!ctx.repair) {
        const where = g.source ? numberOf(g.source) : 'a group';
        throw targetError(
          `Group ${where}: its number ${own === undefined ? '(none)' : `'${own}'`} ${own !== undefined && used.has(own) ? 'repeats on its level' : `is not two characters A–Z/0–9 as ÖNORM's ${g.level.toUpperCase()} numbers are`}; ${REPAIR_HINT}`,
          where,
        );
      }
      pending.push(g);
    }
  }
  const gen = numbers();
  for (const g of pending) {
    g.nr = nextFree(used, gen, prefix || 'the LV');
    const now = `${prefix}${g.nr}`;
    const message = g.repaired
      ? `${g.level.toUpperCase()} ${now} was ${g.repaired}.`
      : `Group ${g.source ? numberOf(g.source) : ''} was renumbered ${g.level.toUpperCase()} ${now} (ÖNORM group numbers have two characters A–Z/0–9, unique per level).`;
    ctx.report('OENORM_STRUCTURE_REPAIRED', 'warning', message, g.source ? numberOf(g.source) : now);
  }
  for (const g of siblings) {
    const path = `${prefix}${g.nr}.`;
    if (g.level === 'ulg') numberEntries(ctx, g, path, orderOf);
    else numberGroups(ctx, g.groups, path, orderOf);
  }
}
