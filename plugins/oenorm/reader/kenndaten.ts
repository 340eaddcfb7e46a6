/**
 * ÖNORM A 2063 identification data → project, service specification and party information.
 *
 * Sources (2009 `ontypdef.xsd`): `lv-kenndaten-basis.group` (`lvcode`, `vorhaben`, `lvbezeichnung`,
 * `auftraggeber`, `vergebendestelle`, `lversteller`, `bearbeitungsstand`, `preisanteilmodell`, `wkz`), then per LV
 * type `preisbasis` | `angebotsfrist` and, in offers, `bieter_auftragnehmer`; `metadaten` (`erstelltam`,
 * `dateiname`, `programmsystem`, `programmversion`); `lbkenndaten` of an LB and the `lb` block of an outline
 * (`bezeichnung`, `herausgeber`, `lbkennung`, `versionsnummer`, `versionsdatum`, `status`, `downloadurl`).
 *
 * Mapping: `vorhaben` → project name, `lvbezeichnung` (LB: `bezeichnung`) → the service specification's name,
 * `auftraggeber` → buyer, `bieter_auftragnehmer` → bidder, `wkz` → currency, `angebotsfrist` → offerByDate,
 * `erstelltam` → creationDate; the rest is kept in the service specification's `oenormProperties` under its ÖNORM
 * name. Price shares: `preisanteile` with `preisanteilbez` gives the two labels, without it the standard labels
 * "Lohn" and "Sonstiges" (A 2063 price share model: wage and other costs); `keinepreisanteile` gives none.
 */
import type { PartyInformationDto, ProjectDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import { PartyDraft } from './parties.js';

/** The standard labels of `preisanteil1` / `preisanteil2`. */
export const DEFAULT_PRICE_SHARE_LABELS: readonly [string, string] = ['Lohn', 'Sonstiges'];

/** The party role of a publisher kept inside an LB identification block (`lbLeaf`). */
const BLOCK_PARTY = 'block:';

/** Reads `kenndaten`, `lbkenndaten`, `metadaten` and the `lb` block into the project. */
export class KenndatenReader {
  party: PartyDraft | undefined;
  private partyRole = '';
  private priceShares = false;
  private labels: [string | undefined, string | undefined] = [undefined, undefined];
  /** The service specification's `oenormProperties` (an extra field: what ÖNORM states and the model has no place for). */
  readonly properties: Record<string, unknown>;

  constructor(private readonly project: ProjectDto, private readonly spec: ServiceSpecificationDto) {
    this.properties = (spec.oenormProperties ??= {}) as Record<string, unknown>;
  }

  openParty(role: string): void {
    this.party = new PartyDraft();
    this.partyRole = role;
  }

  finishParty(): void {
    const party: PartyInformationDto | undefined = this.party?.finish();
    this.party = undefined;
    if (!party) return;
    if (this.partyRole.startsWith(BLOCK_PARTY)) ((this.properties[this.partyRole.slice(BLOCK_PARTY.length)] ??= {}) as Record<string, unknown>).herausgeber = party;
    else if (this.partyRole === 'auftraggeber') (this.project.projectInformation ??= {}).buyer = party;
    else if (this.partyRole === 'bieter_auftragnehmer') this.spec.bidder = party;
    else this.properties[this.partyRole] = party;
  }

  /** A leaf of `kenndaten` or `lbkenndaten`. */
  leaf(name: string, text: string): void {
    if (text === '') return;
    const info = (this.project.projectInformation ??= {});
    switch (name) {
      case 'vorhaben': info.name = text; break;
      case 'lvbezeichnung': case 'bezeichnung': this.spec.name = text; break;
      case 'wkz': info.currencyShort = text; break;
      case 'angebotsfrist': this.spec.offerByDate = text; break;
      default: this.properties[name] = text;
    }
  }

  /** `preisanteilmodell` content: `preisanteile`, `preisanteilbez` (no text), the labels, `keinepreisanteile`. */
  priceShareLeaf(name: string, text: string): void {
    if (name === 'preisanteile') this.priceShares = true;
    else if (name === 'preisanteil1bez' && text !== '') this.labels[0] = text;
    else if (name === 'preisanteil2bez' && text !== '') this.labels[1] = text;
  }

  finishPriceShares(): void {
    if (this.priceShares) (this.project.projectInformation ??= {}).priceComponents = [...this.priceComponentLabels()];
  }

  /** The labels of `preisanteil1` / `preisanteil2` (the standard ones when the file names none). */
  priceComponentLabels(): readonly [string, string] {
    return [this.labels[0] ?? DEFAULT_PRICE_SHARE_LABELS[0], this.labels[1] ?? DEFAULT_PRICE_SHARE_LABELS[1]];
  }

  /** A leaf of `metadaten`: `erstelltam` → creationDate, the rest kept under `metadaten`. */
  metaLeaf(name: string, text: string): void {
    if (text === '') return;
    if (name === 'erstelltam') this.spec.creationDate = text;
    ((this.properties.metadaten ??= {}) as Record<string, string>)[name] = text;
  }

  /**
   * A leaf of the outline's `lb` block (the LB the LV was written from), or `preiserstellungsverfahren`; with `block`,
   * of another LB identification kept under that name (`erglb` of an LV; `erglbkenndaten`, `lbkenndaten-vorversion`,
   * `erglbkenndaten-vorversion` of an LB), whose publisher {@link openBlockParty} keeps in it as `herausgeber`.
   */
  lbLeaf(name: string, text: string, block = 'lb'): void {
    if (text === '') return;
    if (name === 'preiserstellungsverfahren' && block === 'lb') this.properties[name] = text;
    else ((this.properties[block] ??= {}) as Record<string, unknown>)[name] = text;
  }

  /** The publisher (`herausgeber`) of an LB identification kept under `block` opens. */
  openBlockParty(block: string): void {
    this.openParty(BLOCK_PARTY + block);
  }

  /** Nothing is pending at the end; kept for symmetry with the other readers of the state machine. */
  finish(): void {
    if (Object.keys(this.properties).length === 0) delete this.spec.oenormProperties;
  }
}
