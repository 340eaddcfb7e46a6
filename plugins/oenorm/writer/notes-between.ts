/**
 * Note texts between the positions of a ULG (a GAEB `Remark` among the items of its category — "Vorbemerkungen zur
 * Pflanzenlieferung" before the plants it is about): ÖNORM A 2063 has no remark between positions, but a ULG's
 * `positionen` may hold text entries, wählbare Vorbemerkungen (2009 `ontypdef.xsd` `lv-wvb-pos.type`: a
 * `grundtextnr` whose entry has `stichwort` and `langtext`, no quantity), in any order with the positions. Such a note
 * becomes one at its place, with a Grundtextnummer between those of its neighbours: the next free one after the
 * entry before it, when it comes before the entry after it; when the ULG's positions are numbered anew anyway
 * (TryRepairProjectStructure), every entry gets the next number in document order, the notes with them. A note with
 * no such number (between two Folgepositionen of one Grundtext, or no number left between its neighbours) joins the
 * ULG's `vorbemerkung`, as note texts before the first position do. Read back, each is a note text in its place.
 * The same holds for a ULG the repair added for the positions directly in a group (a one-level GAEB BoQ's categories)
 * or outside any group, whose notes between them would otherwise join the LG's `vorbemerkung` or the `svb`.
 */
import type { NoteTextDto, ServiceSpecificationGroupDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import { numbers } from './entry-numbers.js';
import type { Entry, PlanGroup, PlanGtnr } from './structure.js';

type Group = ServiceSpecificationGroupDto;
/** An entry of a ULG before numbering (see `PlanGroup.pending`). */
type Pending = PlanGroup['pending'][number];

/** Every two-character number in the order {@link numbers} gives them, `00` first, with its rank (made once, when first asked). */
let ranks: Map<string, number> | undefined;
const rankOf = (): Map<string, number> => (ranks ??= new Map(['00', ...numbers()].map((n, i) => [n, i])));

/**
 * Moves the note texts that lie between the entries of a ULG (after its first entry, in document order) out of
 * `notesOf` into the ULG's pending entries, marked `between`, in document order. The ULG is one made from the notes'
 * own group, or one the repair added for the positions directly in it (or outside any group); when that group also
 * holds subgroups, which become ULGs of their own, only the notes before the added ULG's last entry are taken — the
 * others lie among the subgroups and stay the group's.
 * @param mapped the planned group of each source group
 * @param orderOf place in document order of each note text
 * @param added the ULG added for the positions directly in a group (undefined: outside any group)
 * @param holdsGroups whether a group (undefined: the service specification) holds groups
 */
export function takeNotesBetween(
  mapped: ReadonlyMap<Group, PlanGroup>, notesOf: Map<Group | undefined, NoteTextDto[]>, orderOf: ReadonlyMap<NoteTextDto | Group, number>,
  added: ReadonlyMap<Group | undefined, PlanGroup>, holdsGroups: (owner: Group | undefined) => boolean,
): void {
  for (const [owner, notes] of notesOf) {
    const own = owner === undefined ? undefined : mapped.get(owner);
    const ulg = own !== undefined && own.level === 'ulg' && own.source === owner ? own : added.get(owner);
    if (ulg === undefined || ulg.pending.length === 0) continue;
    const orders = ulg.pending.map((p) => p.order);
    const first = Math.min(...orders);
    const last = ulg === own || !holdsGroups(owner) ? Infinity : Math.max(...orders);
    const isBetween = (n: NoteTextDto) => orderOf.get(n)! > first && orderOf.get(n)! < last;
    const between = notes.filter(isBetween);
    if (between.length === 0) continue;
    notesOf.set(owner, notes.filter((n) => !isBetween(n)));
    for (const n of between) ulg.pending.push({ element: n, depth: 0, order: orderOf.get(n)!, between: true });
    ulg.pending.sort((a, b) => a.order - b.order);
  }
}

/**
 * Places the notes between entries among the ULG's numbered Grundtextnummern (their own numbers kept), each with
 * the next free number after the entry before it when that comes before the entry after it; the others join the
 * ULG's `vorbemerkung` in document order. Reports both.
 * @param entryOrder place in document order of each numbered entry (the placed notes are added)
 */
export function placeNotesBetween(
  ctx: OenormWriterContext, ulg: PlanGroup, prefix: string, between: readonly Pending[], entryOrder: Map<Entry, number>,
  orderOf: ReadonlyMap<NoteTextDto | Group, number>,
): void {
  const used = new Set(ulg.gtnrs.map((g) => g.nr));
  const placed: string[] = [];
  const joined: NoteTextDto[] = [];
  const firstOf = (g: PlanGtnr) => Math.min(...g.entries.map((e) => entryOrder.get(e.element) ?? Infinity));
  const lastOf = (g: PlanGtnr) => Math.max(...g.entries.map((e) => entryOrder.get(e.element) ?? -Infinity));
  for (const { element, order } of between) {
    let at = ulg.gtnrs.findIndex((g) => firstOf(g) > order);
    if (at < 0) at = ulg.gtnrs.length;
    const before = ulg.gtnrs[at - 1];
    const after = ulg.gtnrs[at];
    const nr = before !== undefined && lastOf(before) > order ? undefined : freeBetween(used, before?.nr, after?.nr);
    if (nr === undefined) {
      joined.push(element as NoteTextDto);
      continue;
    }
    used.add(nr);
    entryOrder.set(element, order);
    ulg.gtnrs.splice(at, 0, { nr, divided: false, entries: [{ element, number: `${prefix}${nr}`, mfv: '' }] });
    placed.push(`${prefix}${nr}`);
  }
  if (joined.length > 0) {
    ulg.notes.push(...joined);
    ulg.notes.sort((a, b) => (orderOf.get(a) ?? 0) - (orderOf.get(b) ?? 0));
  }
  reportNotesBetween(ctx, prefix, placed, joined.length);
}

/** The first number after `before` (or the first of all) that is not used and comes before `after`, if any. */
function freeBetween(used: ReadonlySet<string>, before: string | undefined, after: string | undefined): string | undefined {
  const rank = rankOf();
  const from = before === undefined ? 0 : rank.get(before);
  const to = after === undefined ? rank.size : rank.get(after);
  if (from === undefined || to === undefined) return undefined; // a number outside the known order: no place to tell
  for (const [n, r] of rank) if (r > from && r < to && !used.has(n)) return n;
  return undefined;
}

/**
 * One message per ULG: the notes written as wählbare Vorbemerkungen at their place (`OENORM_NOTES_AS_WVB`), and
 * those that joined its vorbemerkung (`OENORM_NOTES_MERGED`).
 * @param placed the full numbers of the placed notes, in order
 */
export function reportNotesBetween(ctx: OenormWriterContext, prefix: string, placed: readonly string[], joined: number): void {
  const ulg = prefix.replace(/\.$/, '');
  if (placed.length > 0) {
    ctx.report('OENORM_NOTES_AS_WVB', 'info', `${placed.length} note text(s) between the positions of ULG ${ulg} were written as wählbare Vorbemerkungen at their place: ${placed.join(', ')}.`, prefix);
  }
  if (joined > 0) {
    ctx.report('OENORM_NOTES_MERGED', 'info', `${joined} note text(s) between the positions of ULG ${ulg} have no free Grundtextnummer between their neighbours and were joined into its vorbemerkung.`, prefix);
  }
}
