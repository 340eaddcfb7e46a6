/**
 * ÖNORM A 2063 VAT of an LV (`summenormalausfuehrung`, 2009 `ontypdef.xsd` `gesamtsumme.type`: `summe-des-lv`,
 * `summe-nachlaesse`, `gesamtpreis`, then `ust` (`ustsatz` in percent, `ustbetrag`) or `ustanteile` (one
 * `ustanteil[@ustkennzeichen]` per rate: `netto`, `ustsatz`, `ustbetrag`, `brutto`), then `angebotspreis`; a position
 * names its share by `ustkennzeichen` (0–9) after its `pospreis`) → the model's tax rates: one rate is the service
 * specification's `projectTaxRate` (a fraction: 20 % → 0.2, as the GAEB readers keep `VAT`); with shares, the rate of
 * the share with the largest `netto` is (the first of equal ones), and a position of another share counts at its own
 * (`useDifferentTaxRate`, `taxRate`). The stated `angebotspreis` is kept as `oenormGrossTotal` and compared with the
 * recalculated gross total (`stated-totals.ts`).
 */
import type { PositionDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import type { OenormReport } from './report.js';

/** The VAT read from `summenormalausfuehrung`, applied once the whole LV is read. */
export class OenormVat {
  /** `ust/ustsatz`, percent. */
  private rate: number | undefined;
  /** `ustanteil[@ustkennzeichen]/ustsatz`, percent, in document order. */
  private readonly shares = new Map<string, number>();
  /** `ustanteil[@ustkennzeichen]/netto` as stated. */
  private readonly nets = new Map<string, number>();
  private share: string | undefined;
  private grossTotal: number | undefined;

  /**
   * @param decimal parses an ÖNORM decimal, reporting (and returning undefined for) text that is not one
   */
  constructor(private readonly report: OenormReport, private readonly decimal: (text: string, what: string) => number | undefined) {}

  /** `ustanteil[@ustkennzeichen]` opens. */
  openShare(kennzeichen: string | undefined): void {
    this.share = (kennzeichen ?? '').trim();
  }

  /**
   * A leaf of `summenormalausfuehrung` (`angebotspreis`), of its `ust` or of the open `ustanteil` (`ustsatz`);
   * others (the stated net sums and VAT amounts, which the recalculation gives) are passed over.
   * @param inShare the leaf is a child of `ustanteil`
   */
  leaf(name: string, text: string, inShare: boolean): void {
    if (name === 'angebotspreis') {
      this.grossTotal = this.decimal(text, 'summenormalausfuehrung/angebotspreis');
      return;
    }
    if (name === 'netto' && inShare && this.share !== undefined) {
      const net = this.decimal(text, 'ustanteil/netto');
      if (net !== undefined) this.nets.set(this.share, net);
      return;
    }
    if (name !== 'ustsatz') return;
    const rate = this.decimal(text, inShare ? 'ustanteil/ustsatz' : 'ust/ustsatz');
    if (!inShare) this.rate = rate;
    else if (rate !== undefined && this.share !== undefined) this.shares.set(this.share, rate);
  }

  /** The rate of the share with the largest stated net amount (the first of equal ones; the first share without amounts). */
  private mainShare(): number | undefined {
    let best: string | undefined;
    for (const mark of this.shares.keys()) {
      if (best === undefined || (this.nets.get(mark) ?? 0) > (this.nets.get(best) ?? 0)) best = mark;
    }
    return best === undefined ? undefined : this.shares.get(best);
  }

  /**
   * Sets the rates of the specification and of the positions that name another share.
   * @param positions the positions that state an `ustkennzeichen` (kept in `oenormPositionProperties`)
   */
  apply(spec: ServiceSpecificationDto, positions: readonly PositionDto[]): void {
    if (this.grossTotal !== undefined) (spec as Record<string, unknown>).oenormGrossTotal = this.grossTotal;
    const specRate = this.rate ?? this.mainShare();
    if (specRate === undefined) return;
    spec.projectTaxRate = specRate / 100;
    for (const p of positions) {
      const kennzeichen = String(p.oenormPositionProperties?.ustkennzeichen);
      const rate = this.shares.get(kennzeichen);
      if (rate === undefined) {
        if (this.shares.size > 0) {
          this.report.report('OENORM_VAT_SHARE_MISSING', 'warning', `The ustkennzeichen ${kennzeichen} names no VAT share of summenormalausfuehrung; the position counts at the LV's rate of ${specRate} %.`, p.itemNumber?.stringRepresentation);
        }
        continue;
      }
      if (rate === specRate) continue;
      p.useDifferentTaxRate = true;
      p.taxRate = rate / 100;
    }
  }
}
