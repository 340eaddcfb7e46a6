/**
 * The Leistungsteile of an ONLV (`leistungsteiltabelle`, 2009 `ontypdef.xsd` `leistungsteiltabelle.group`): the
 * parts of the LV whose prices are converted alike (Preisumrechnung, ÖNORM B 2111), each `leistungsteil[@nr]` with
 * `definition` (without price shares) or `definition-preisanteil1` + `definition-preisanteil2`, each of them
 * `festpreise` (fixed prices), `index` (`bezeichnung`, `kategorie`: a price index) or `warenkorb` (`bezeichnung`: a
 * basket of goods), and in the 2015 edition a `bezeichnung` of the part. The model has no place for price
 * conversion: the table is kept as `oenormProperties.leistungsteile` for the writer, which writes it back (a fixed-
 * price default would change the contract's price basis); positions name their part by `leistungsteil`.
 */

import type { CapturedElement } from '../../../core/xml/capture.js';

/** One definition of a Leistungsteil as read. */
export interface LeistungsteilDefinition {
  /** `definition`, `definition-preisanteil1` or `definition-preisanteil2`. */
  element: string;
  kind?: 'festpreise' | 'index' | 'warenkorb';
  bezeichnung?: string;
  kategorie?: string;
}

/** One `leistungsteil` as read. */
export interface Leistungsteil {
  nr: string;
  /** The part's name (2015 edition). */
  bezeichnung?: string;
  definitions: LeistungsteilDefinition[];
}

const KINDS = new Set(['festpreise', 'index', 'warenkorb']);

/**
 * The parts of a captured `leistungsteiltabelle`: each `leistungsteil[@nr]` with its definitions (every child whose
 * name begins with `definition`, its kind the first child that names one, an index's or basket's `bezeichnung` and
 * `kategorie`) and its 2015 `bezeichnung`.
 */
export function leistungsteileOf(table: CapturedElement): Leistungsteil[] {
  return table.children.filter((c) => c.name === 'leistungsteil').map((c) => {
    const part: Leistungsteil = { nr: (c.attrs.nr ?? '').trim(), definitions: [] };
    for (const child of c.children) {
      if (!child.name.startsWith('definition')) {
        if (child.name === 'bezeichnung') part.bezeichnung = child.text;
        continue;
      }
      const definition: LeistungsteilDefinition = { element: child.name };
      const kind = child.children.find((k) => KINDS.has(k.name));
      if (kind !== undefined) {
        definition.kind = kind.name as LeistungsteilDefinition['kind'];
        for (const leaf of kind.children) if (leaf.name === 'bezeichnung' || leaf.name === 'kategorie') definition[leaf.name] = leaf.text;
      }
      part.definitions.push(definition);
    }
    return part;
  });
}
