/**
 * The Leistungsteile of an ONLV (`leistungsteiltabelle`, 2009 `ontypdef.xsd` `leistungsteiltabelle.group`): the
 * parts of the LV whose prices are converted alike (Preisumrechnung, ÖNORM B 2111), each `leistungsteil[@nr]` with
 * `definition` (without price shares) or `definition-preisanteil1` + `definition-preisanteil2`, each of them
 * `festpreise` (fixed prices), `index` (`bezeichnung`, `kategorie`: a price index) or `warenkorb` (`bezeichnung`: a
 * basket of goods), and in the 2015 edition a `bezeichnung` of the part. The model has no place for price
 * conversion: the table is kept as `oenormProperties.leistungsteile` for the writer, which writes it back (a fixed-
 * price default would change the contract's price basis); positions name their part by `leistungsteil`.
 */

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

/** Collects the `leistungsteiltabelle` from the state machine's events (elements found by name: one table a file). */
export class LeistungsteilTable {
  readonly parts: Leistungsteil[] = [];

  /** `leistungsteil[@nr]` opens. */
  openPart(nr: string | undefined): void {
    this.parts.push({ nr: (nr ?? '').trim(), definitions: [] });
  }

  /** A child of the open part: a definition opens (true), or its name is a leaf to read (`bezeichnung`). */
  openDefinition(name: string): boolean {
    const part = this.parts[this.parts.length - 1];
    if (part === undefined || !name.startsWith('definition')) return false;
    part.definitions.push({ element: name });
    return true;
  }

  /** A child of the open definition: its kind. */
  setKind(name: string): void {
    const definition = this.parts[this.parts.length - 1]?.definitions.at(-1);
    if (definition !== undefined && KINDS.has(name)) definition.kind = name as LeistungsteilDefinition['kind'];
  }

  /** A leaf of the part (`bezeichnung`) or of the open definition's index or basket (`bezeichnung`, `kategorie`). */
  leaf(name: string, text: string, inDefinition: boolean): void {
    const part = this.parts[this.parts.length - 1];
    if (part === undefined) return;
    if (!inDefinition) {
      if (name === 'bezeichnung') part.bezeichnung = text;
      return;
    }
    const definition = part.definitions.at(-1);
    if (definition !== undefined && (name === 'bezeichnung' || name === 'kategorie')) definition[name] = text;
  }
}
