// The bill of quantities of an ava project (AVACloud ProjectDto JSON) as the view shows it: a tree of nodes,
// its counts, and the totals per top-level group. The project comes recalculated from the gateway, so the
// totals are read, never computed here.

const KIND = {
  servicespecificationgroupdto: 'group', servicespecificationgroup: 'group',
  positiondto: 'position', position: 'position',
  notetextdto: 'note', notetext: 'note',
  executiondescriptiondto: 'execution', executiondescription: 'execution',
};

/** The kind of an element (`group`, `position`, `note`, `execution`, or `other`). */
export const kindOf = (element) => KIND[String(element?.elementTypeDiscriminator ?? '').toLowerCase()] ?? 'other';

/** What a container passes on to its parent's sum: the amount after its discount, else its total. */
export const containerAmount = (container) => container.deductedPrice ?? container.totalPrice ?? 0;

/**
 * One node of the tree: `{ kind, id, itemNumber, shortText, quantity, unitTag, unitPrice, totalPrice,
 * htmlLongText, longText, children, depth }`.
 */
function nodeOf(element, depth) {
  const kind = kindOf(element);
  return {
    kind,
    id: element.id,
    itemNumber: element.itemNumber?.stringRepresentation ?? '',
    shortText: element.shortText ?? element.blocks?.[0]?.shortText ?? '',
    quantity: element.quantity,
    unitTag: element.unitTag ?? '',
    unitPrice: element.unitPrice,
    totalPrice: kind === 'group' ? containerAmount(element) : element.totalPrice,
    htmlLongText: element.htmlLongText ?? '',
    longText: element.longText ?? '',
    depth,
    children: (element.elements ?? []).map((child) => nodeOf(child, depth + 1)),
  };
}

/** The tree of a project: one root node per service specification (`kind: 'spec'`). */
export function boqTree(project) {
  return (project?.serviceSpecifications ?? []).map((spec, i) => ({
    kind: 'spec',
    id: spec.id ?? `spec-${i}`,
    itemNumber: '',
    shortText: spec.name ?? spec.projectInformation?.name ?? project.projectInformation?.name ?? '',
    totalPrice: containerAmount(spec),
    htmlLongText: '',
    longText: '',
    depth: 0,
    children: (spec.elements ?? []).map((e) => nodeOf(e, 1)),
  }));
}

/** How many nodes of each kind the tree holds: `{ specs, groups, positions, notes }`. */
export function boqCounts(tree) {
  const counts = { specs: tree.length, groups: 0, positions: 0, notes: 0 };
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.kind === 'group') counts.groups++;
      else if (n.kind === 'position') counts.positions++;
      else if (n.kind === 'note') counts.notes++;
      walk(n.children);
    }
  };
  walk(tree.flatMap((spec) => spec.children));
  return counts;
}

/**
 * The totals per top-level group of every service specification: `[{ label, total }]`, one entry per group at
 * the first level (item number and short text), and one `withoutGroupLabel` entry summing the positions outside
 * any group when there are such.
 */
export function topGroupTotals(tree, withoutGroupLabel) {
  const bars = [];
  let outside = 0;
  let hasOutside = false;
  for (const spec of tree) {
    for (const node of spec.children) {
      if (node.kind === 'group') bars.push({ label: `${node.itemNumber} ${node.shortText}`.trim(), total: node.totalPrice ?? 0 });
      else if (node.kind === 'position') {
        hasOutside = true;
        outside += node.totalPrice ?? 0;
      }
    }
  }
  if (hasOutside) bars.push({ label: withoutGroupLabel, total: Math.round(outside * 100) / 100 });
  return bars;
}

/** The sum of the service specifications' totals. */
export const grandTotal = (tree) => tree.reduce((sum, spec) => sum + (spec.totalPrice ?? 0), 0);

/**
 * Which nodes match a search: the item number starts with the query, or the short or long text contains it
 * (ignoring case). Returns the set of matching nodes and the set of their ancestors (kept visible and open).
 */
export function searchTree(tree, query) {
  const q = query.trim().toLowerCase();
  const matches = new Set();
  const ancestors = new Set();
  const walk = (node, path) => {
    const hit = node.kind !== 'spec' && (
      node.itemNumber.toLowerCase().startsWith(q)
      || node.shortText.toLowerCase().includes(q)
      || node.longText.toLowerCase().includes(q));
    if (hit) {
      matches.add(node);
      for (const a of path) ancestors.add(a);
    }
    for (const child of node.children) walk(child, [...path, node]);
  };
  if (q) for (const spec of tree) walk(spec, []);
  return { matches, ancestors };
}
