/**
 * The partial offers (Teilangebote, lots a bidder may offer alone) of an ONLV: each position names its lot by
 * `teilangebotskennzeichen` (1–99, kept as the position's ÖNORM property of that name), and the LV lists the lots
 * after its sums (`teilangebotssummen`, 2009 `ontypdef.xsd` `teilangebotstabelle.group`): `teilangebot
 * [@teilangebotskennzeichen]`, empty in a tender, in an offer `nichtangeboten` (the bidder offers no price for the
 * lot) or the lot's `summenormalausfuehrung` (`gesamtsumme.type`: `summe-des-lv` = Σ of its positions, discounts,
 * `gesamtpreis`, VAT). The list is kept as `oenormProperties.teilangebote` for the writer, with the stated
 * `summe-des-lv` and `gesamtpreis` (`oenormTotal`, `oenormDeductedTotal`), which `stated-totals.ts` compares
 * with the recalculated positions; the lot's VAT and variant sums follow from the positions and are not kept.
 */

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

/** Collects `teilangebotssummen` from the state machine's events (one small table a file, found by name). */
export class TeilangebotTable {
  readonly lots: Teilangebot[] = [];

  constructor(private readonly decimal: (text: string, what: string) => number | undefined) {}

  /** `teilangebot[@teilangebotskennzeichen]` opens. */
  open(mark: string | undefined): void {
    this.lots.push({ teilangebotskennzeichen: (mark ?? '').trim() });
  }

  /** `nichtangeboten` of the open lot. */
  notOffered(): void {
    const lot = this.lots.at(-1);
    if (lot !== undefined) lot.nichtangeboten = true;
  }

  /** A leaf of the open lot's `summenormalausfuehrung`: `summe-des-lv` and `gesamtpreis` are kept. */
  sumLeaf(name: string, text: string): void {
    const lot = this.lots.at(-1);
    if (lot === undefined) return;
    const what = `teilangebot ${lot.teilangebotskennzeichen} ${name}`;
    if (name === 'summe-des-lv') lot.oenormTotal = this.decimal(text, what);
    else if (name === 'gesamtpreis') lot.oenormDeductedTotal = this.decimal(text, what);
  }
}
