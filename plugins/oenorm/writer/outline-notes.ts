/**
 * Where the note texts and titles of groups go that the ÖNORM outline has no group for (2009 `onlv.xsd`: a ULG holds
 * at least one entry of `positionen`, and with TryRepairProjectStructure the outline has LG and ULG only).
 *
 * A group of the project that does not become an ÖNORM group — one that holds no position (an NPK heading of a SIA 451
 * file, a GAEB category of untitled remarks), or one between the LG and the ULG its positions were merged into —
 * still says something: its title and its note texts. Both go to the preliminary remark of the nearest enclosing group
 * that is written (its `vorbemerkung`), or to the standing preliminary remarks (`svb`) when there is none: the title
 * as a bold paragraph of its own where the group began (unless the group's first note text starts with it), and
 * every text in the order of the document. One warning per receiving remark names the groups and says what went
 * there (`OENORM_ELEMENT_NOT_WRITTEN`).
 */
import { noteTitleToAdd } from '../../../core/model/note-title.js';
import type { NoteTextDto, ServiceSpecificationGroupDto } from '../../../core/model/types.js';
import type { OenormWriterContext } from './context.js';
import type { Plan, PlanGroup } from './structure.js';
import { paragraphHtml } from './text.js';

type Group = ServiceSpecificationGroupDto;

/** The note texts made from group titles (they are not note texts of the project: not counted as such). */
const groupTitles = new WeakSet<NoteTextDto>();

/** True for a note text made from the title of a group (see {@link groupTitleNote}). */
export const isGroupTitle = (n: NoteTextDto): boolean => groupTitles.has(n);

/**
 * A group's title (one line) as a note text of one bold paragraph, for a preliminary remark: the title of a group
 * that is not written, or the whole title of one whose `ueberschrift` was shortened. Not a note text of the project
 * (not counted as one where note texts are joined).
 */
export function groupTitleNote(title: string): NoteTextDto {
  const note: NoteTextDto = { elementTypeDiscriminator: 'NoteTextDto', htmlLongText: paragraphHtml(title, true), longText: title };
  groupTitles.add(note);
  return note;
}

/** The project's groups as the outline planner walked them. */
export interface SourceGroups {
  /** Every group, in document order. */
  all: readonly Group[];
  parents: ReadonlyMap<Group, Group | undefined>;
  /** Note texts that are not entries, by the group that holds them (undefined: outside any group). */
  notesOf: Map<Group | undefined, NoteTextDto[]>;
  /** Place in document order of each group and note text. */
  orderOf: Map<NoteTextDto | Group, number>;
  /** The groups that hold a planned entry (a position or a wählbare Vorbemerkung), at any depth below them. */
  holding: ReadonlySet<Group>;
}

/** A group that is not written, and where its title and note texts went. */
export interface UnwrittenGroup {
  group: Group;
  /** The written group whose `vorbemerkung` received them; undefined: the `svb`. */
  target: PlanGroup | undefined;
  title: boolean;
  notes: number;
  /** It holds positions (its level was merged away), rather than none. */
  merged: boolean;
}

/**
 * Gives each group that is not planned (`mapped` has no group for it) a bold title paragraph where it began, then
 * moves the note texts of every such group to the nearest planned group above it (else the `svb`), keeping the order
 * of the document in every receiving remark.
 * @returns the groups not written, in document order, with what went where (for {@link reportUnwrittenGroups})
 */
export function attachGroupNotes(plan: Plan, source: SourceGroups, mapped: ReadonlyMap<Group, PlanGroup>): UnwrittenGroup[] {
  const { notesOf, orderOf } = source;
  const targetOf = (g: Group): PlanGroup | undefined => {
    let up: Group | undefined = g;
    while (up !== undefined && !mapped.has(up)) up = source.parents.get(up);
    return up === undefined ? undefined : mapped.get(up);
  };
  const unwritten: UnwrittenGroup[] = [];
  for (const group of source.all) {
    if (mapped.has(group)) continue;
    const own = notesOf.get(group) ?? [];
    const notes = own.length;
    // the title, unless the group's first note text already starts with it (an NPK heading repeated in its text)
    const text = noteTitleToAdd({ shortText: group.shortText, longText: own[0]?.longText }) ?? '';
    if (text !== '') {
      const title = groupTitleNote(text);
      orderOf.set(title, orderOf.get(group)!);
      notesOf.set(group, [title, ...own]);
    }
    const merged = source.holding.has(group);
    if (merged && text === '' && notes === 0) continue; // nothing to say beyond the ULG's own "merged" message
    unwritten.push({ group, target: targetOf(group), title: text !== '', notes, merged });
  }
  const receiving = new Set<NoteTextDto[]>([plan.svb]);
  for (const [owner, notes] of notesOf) {
    if (owner === undefined) continue;
    const target = mapped.has(owner) ? mapped.get(owner)! : targetOf(owner);
    const list = target === undefined ? plan.svb : target.notes;
    list.push(...notes);
    receiving.add(list);
  }
  const at = (n: NoteTextDto) => orderOf.get(n) ?? 0;
  for (const list of receiving) list.sort((a, b) => at(a) - at(b));
  return unwritten;
}

/** What went to a remark: "its title and 2 note text(s)", "their titles" … ("" when nothing did). */
function moved(groups: readonly UnwrittenGroup[]): string {
  const titles = groups.some((g) => g.title);
  const notes = groups.reduce((n, g) => n + g.notes, 0);
  const its = groups.length === 1 ? 'its' : 'their';
  if (titles && notes > 0) return `${its} ${groups.length === 1 ? 'title' : 'titles'} and ${notes} note text(s)`;
  if (titles) return groups.length === 1 ? 'its title' : 'their titles';
  return notes > 0 ? `${its} ${notes} note text(s)` : '';
}

/**
 * One warning per receiving remark and kind (groups without positions; merged group levels), naming the groups in
 * document order and what went where. Called once the planned groups are numbered.
 * @param numberOf the item number of a group as the project has it
 * @param fullNumber the number of a planned group with those above it (`36.16`)
 */
export function reportUnwrittenGroups(
  ctx: OenormWriterContext, unwritten: readonly UnwrittenGroup[], numberOf: (g: Group) => string, fullNumber: (g: PlanGroup) => string | undefined,
): void {
  const batches = new Map<string, UnwrittenGroup[]>();
  for (const u of unwritten) {
    const key = `${u.merged}\u0000${u.target === undefined ? 'svb' : fullNumber(u.target)}`;
    const batch = batches.get(key);
    if (batch) batch.push(u);
    else batches.set(key, [u]);
  }
  for (const batch of batches.values()) {
    const { target, merged } = batch[0];
    // an HG or OG has no vorbemerkung: its note texts are the svb of the groups under it (body.ts)
    const where = target === undefined
      ? 'the standing preliminary remarks (svb)'
      : target.level === 'lg' || target.level === 'ulg'
        ? `the vorbemerkung of ${target.level.toUpperCase()} ${fullNumber(target)}`
        : `the standing preliminary remarks (svb) under ${target.level.toUpperCase()} ${fullNumber(target)}`;
    const what = moved(batch);
    const tail = what === '' ? '' : `; ${what} ${what === 'its title' ? 'was' : 'were'} written to ${where}`;
    const names = batch.map((u) => numberOf(u.group) || `"${u.group.shortText ?? ''}"`);
    const one = batch.length === 1;
    const why = merged
      ? one
        ? `Group ${names[0]} lies between the LG and the ULG of its positions and was not written as a group (ÖNORM has LG and ULG)`
        : `${batch.length} groups lie between the LG and the ULG of their positions and were not written as groups (ÖNORM has LG and ULG): ${names.join(', ')}`
      : one
        ? `Group ${names[0]} holds no position and was not written as a group (an ÖNORM ULG holds at least one)`
        : `${batch.length} groups hold no position and were not written as groups (an ÖNORM ULG holds at least one): ${names.join(', ')}`;
    ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `${why}${tail}.`, numberOf(batch[0].group) || undefined);
  }
}
