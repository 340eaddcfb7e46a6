/**
 * The partial offers (Teilangebote, lots a bidder may offer alone) of an ONLV: each position names its lot by
 * `teilangebotskennzeichen` (1–99, kept as the position's ÖNORM property of that name), and the LV lists the lots
 * after its sums (`teilangebotssummen`, 2009 `ontypdef.xsd` `teilangebotstabelle.group`): `teilangebot
 * [@teilangebotskennzeichen]`, empty in a tender, in an offer `nichtangeboten` (the bidder offers no price for the
 * lot) or the lot's `summenormalausfuehrung` (`gesamtsumme.type`: `summe-des-lv` = Σ of its positions, discounts,
 * `gesamtpreis`, VAT). The list is kept as `oenormProperties.teilangebote` for the writer, with the stated
 * `summe-des-lv` as `oenormTotal` (which `stated-totals.ts` compares with the sum of the lot's positions) and
 * `gesamtpreis` as `oenormDeductedTotal`; the lot's VAT and variant sums follow from the positions and are not kept.
 */

import type { CapturedElement } from '../../../core/xml/capture.js';

/** One partial offer as read. */
export interface Teilangebot {
  teilangebotskennzeichen: string;
  /** The bidder offers no price for this lot. */
  nichtangeboten?: boolean;
  /** The stated `summe-des-lv` (its positions before discounts), project currency. */
  oenormTotal?: number;
  /** The stated `gesamtpreis` (after the discounts), project currency. */
  oenormDeductedTotal?: number;
}

/**
 * The lots of a captured `teilangebotssummen` (see the module comment).
 * @param decimal parses an amount; reports and returns undefined when the text is not one
 */
export function teilangeboteOf(table: CapturedElement, decimal: (text: string, what: string) => number | undefined): Teilangebot[] {
  return table.children.filter((c) => c.name === 'teilangebot').map((c) => {
    const lot: Teilangebot = { teilangebotskennzeichen: (c.attrs.teilangebotskennzeichen ?? '').trim() };
    if (c.children.some((x) => x.name === 'nichtangeboten')) lot.nichtangeboten = true;
    const sums = c.children.find((x) => x.name === 'summenormalausfuehrung');
    for (const leaf of sums?.children ?? []) {
      const what = `teilangebot ${lot.teilangebotskennzeichen} ${leaf.name}`;
      if (leaf.name === 'summe-des-lv') lot.oenormTotal = decimal(leaf.text, what);
      else if (leaf.name === 'gesamtpreis') lot.oenormDeductedTotal = decimal(leaf.text, what);
    }
    return lot;
  });
}
