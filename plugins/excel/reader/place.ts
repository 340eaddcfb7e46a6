/**
 * Where an element read from a row belongs: rows are taken in sheet order, and each new element goes into the
 * container the rows above it open — the deepest open group whose item number is a prefix of its own (`01.02.`
 * holds `01.02.0030`), else the group the previous row belongs to (or is) — right after the previous row's
 * element when that is in the same container. A group row opens a container for the rows below it.
 */
import { splitItemNumber } from '../../../core/model/item-numbers.js';
import { isGroup, type ElementDto, type ServiceSpecificationGroupDto } from '../../../core/model/types.js';

interface Container {
  elements?: ElementDto[];
}

interface Open {
  group: ServiceSpecificationGroupDto;
  parts: string[];
}

/** Item number parts without leading zeros (`01.02.` → `1`, `2`), for prefix comparison. */
function partsOf(itemNumber: string | undefined): string[] {
  if (!itemNumber) return [];
  return splitItemNumber(itemNumber.replace(/[\s/-]+/g, '.')).filter((p) => p !== '').map((p) => p.replace(/^0+(?=.)/, '').toLowerCase());
}

const isPrefix = (prefix: string[], of: string[]): boolean =>
  prefix.length > 0 && prefix.length < of.length && prefix.every((p, i) => p === of[i]);

export class Placement {
  private open: Open[] = [];
  private last?: { element: ElementDto; container: Container };
  private readonly parents = new Map<ElementDto, Container>();

  constructor(private readonly root: Container) {
    this.index(root);
  }

  private index(container: Container): void {
    for (const e of container.elements ?? []) {
      this.parents.set(e, container);
      if (isGroup(e)) this.index(e);
    }
  }

  /** A row identified an element the project holds: the open groups become its ancestors (and itself). */
  existing(e: ElementDto): void {
    const chain: ServiceSpecificationGroupDto[] = [];
    if (isGroup(e)) chain.push(e);
    for (let c = this.parents.get(e); c && c !== this.root; c = this.parents.get(c as ElementDto)) chain.unshift(c as ServiceSpecificationGroupDto);
    this.open = chain.map((group) => ({ group, parts: partsOf(group.itemNumber?.stringRepresentation) }));
    this.last = { element: e, container: this.parents.get(e) ?? this.root };
  }

  /** Places a new element (see the module comment). */
  add(e: ElementDto, itemNumber: string | undefined): void {
    const parts = partsOf(itemNumber);
    const group = isGroup(e);
    if (parts.length > 0 && this.open.some((o) => isPrefix(o.parts, parts))) {
      while (this.open.length && !isPrefix(this.open[this.open.length - 1].parts, parts)) this.open.pop();
    } else if (group && this.open.length) {
      // A group whose number names no open group: a sibling of the innermost open group, or a top-level group
      // when its number has one part.
      if (parts.length <= 1) this.open = [];
      else this.open.pop();
    }
    const container: Container = this.open.length ? this.open[this.open.length - 1].group : this.root;
    container.elements ??= [];
    const list = container.elements;
    const after = this.last && this.last.container === container ? list.indexOf(this.last.element) : -1;
    if (after >= 0) list.splice(after + 1, 0, e);
    else if (this.last && this.last.element === container) list.unshift(e);
    else list.push(e);
    this.parents.set(e, container);
    this.last = { element: e, container };
    if (group) this.open.push({ group: e, parts });
  }
}
