/**
 * The totals a GAEB DA XML file states, parsed from its text independently of the reader (a regex pass keyed by
 * the element's `ID`): categories' `Totals/Total` and `TotAfterDisc`, items' and markup items' `IT`, and the
 * `BoQInfo/Totals/Total`. Used by the corpus suites that compare them with the recalculated project.
 */

export interface Stated {
  total?: number;
  afterDiscount?: number;
  it?: number;
}

/** Stated values by element ID: categories' Totals/Total and TotAfterDisc, items' and markup items' IT; BoQ total. */
export function statedTotals(text: string): { byId: Map<string, Stated>; boq?: number } {
  const byId = new Map<string, Stated>();
  // Walk the open tags of BoQCtgy/Item/MarkupItem and their closing tags with a stack, reading Totals and IT of the
  // innermost open element (IT directly inside an item; Totals directly inside a category).
  const re = /<(\/?)(BoQCtgy|Item|MarkupItem|BoQInfo)\b([^>]*)>|<Totals>([\s\S]*?)<\/Totals>|<IT>\s*([-\d.]+)\s*<\/IT>/g;
  const stack: { kind: string; id: string }[] = [];
  let boq: number | undefined;
  let inInfo = false;
  for (let m; (m = re.exec(text)); ) {
    if (m[2]) {
      if (m[2] === 'BoQInfo') {
        inInfo = m[1] === '' && !m[3].endsWith('/');
        continue;
      }
      if (m[1] === '/') stack.pop();
      else if (!m[3].endsWith('/')) stack.push({ kind: m[2], id: /\bID="([^"]*)"/.exec(m[3])?.[1] ?? '' });
      continue;
    }
    const top = stack[stack.length - 1];
    if (m[4] !== undefined) {
      const total = /<Total>\s*([-\d.]+)\s*<\/Total>/.exec(m[4]);
      const after = /<TotAfterDisc>\s*([-\d.]+)\s*<\/TotAfterDisc>/.exec(m[4]);
      if (inInfo) boq = total ? Number(total[1]) : undefined;
      else if (top?.kind === 'BoQCtgy') {
        byId.set(top.id, { total: total ? Number(total[1]) : undefined, afterDiscount: after ? Number(after[1]) : undefined });
      }
    } else if (m[5] !== undefined && top && top.kind !== 'BoQCtgy') {
      byId.set(top.id, { it: Number(m[5]) });
    }
  }
  return { byId, boq };
}

