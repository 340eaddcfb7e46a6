/**
 * The workbook's words in the five cultures AVACloud's `ConversionCulture` names (`en`, `de`, `fr`, `it`, `es`;
 * any other value falls back to `en`, as AVACloud does since 1.0.3 — Dangl-IT/avacloud-client-php,
 * docs/Api/GaebConversionApi.md): column headers, element kinds and their markers, sheet names, total rows, and
 * the number formats of quantities and prices. Office Open XML stores number format codes in invariant form
 * (`.` decimal point, `,` grouping; ECMA-376 Part 1 §18.8.31 numFmt): the spreadsheet application shows them with
 * the reader's own separators, so the culture decides the words and where the currency stands.
 */

/** The sheet's columns, in the order they appear (absent ones are left out; see layout.ts). */
export const COLUMN_KEYS = ['itemNumber', 'kind', 'shortText', 'longText', 'quantity', 'unit', 'unitPrice', 'total', 'id', 'counted', 'level'] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/** Element kinds as the kind column names them, and the markers added to a position's kind. */
export type KindKey = 'group' | 'position' | 'note' | 'executionDescription';
export type MarkerKey = 'alternative' | 'optional' | 'lumpSum' | 'withoutTotal' | 'removed';

export interface Culture {
  id: 'en' | 'de' | 'fr' | 'it' | 'es';
  headers: Record<ColumnKey, string>;
  kinds: Record<KindKey, string>;
  markers: Record<MarkerKey, string>;
  /** The word after a deduction in a kind cell (`Position (10 % Abzug)`): why a row's total and its counted total differ. */
  deduction: string;
  /** Name of the overview sheet (several service specifications). */
  overview: string;
  /** Sheet name of a service specification without a name. */
  serviceSpecification: string;
  total: string;
  totalAfterDeduction: string;
  /** The currency before the amount (`en`) or after it (the others). */
  currencyFirst: boolean;
  /** The page count in a printed sheet's footer: `&P` the page, `&N` the pages (ECMA-376 Part 1 §18.3.1.39, formatting codes). */
  page: string;
}

/** Hidden columns have the same header in every culture: they are for the reader, not for people. */
const HIDDEN = { id: 'ID', counted: 'Counted total', level: 'Level' } as const;

const CULTURES: Record<Culture['id'], Culture> = {
  en: {
    id: 'en',
    headers: { itemNumber: 'Item no.', kind: 'Kind', shortText: 'Short text', longText: 'Long text', quantity: 'Quantity', unit: 'Unit', unitPrice: 'Unit price', total: 'Total', ...HIDDEN },
    kinds: { group: 'Group', position: 'Position', note: 'Note', executionDescription: 'Execution description' },
    markers: { alternative: 'alternative', optional: 'optional', lumpSum: 'lump sum', withoutTotal: 'without total', removed: 'removed' }, deduction: 'deduction',
    overview: 'Overview', serviceSpecification: 'BoQ', total: 'Total', totalAfterDeduction: 'Total after deductions', currencyFirst: true, page: 'Page &P of &N',
  },
  de: {
    id: 'de',
    headers: { itemNumber: 'OZ', kind: 'Art', shortText: 'Kurztext', longText: 'Langtext', quantity: 'Menge', unit: 'Einheit', unitPrice: 'Einheitspreis', total: 'Gesamtpreis', ...HIDDEN },
    kinds: { group: 'Titel', position: 'Position', note: 'Hinweis', executionDescription: 'Ausführungsbeschreibung' },
    markers: { alternative: 'Alternativposition', optional: 'Bedarfsposition', lumpSum: 'Pauschal', withoutTotal: 'ohne GP', removed: 'entfällt' }, deduction: 'Abzug',
    overview: 'Übersicht', serviceSpecification: 'LV', total: 'Summe', totalAfterDeduction: 'Summe nach Nachlass', currencyFirst: false, page: 'Seite &P von &N',
  },
  fr: {
    id: 'fr',
    headers: { itemNumber: 'N° de poste', kind: 'Type', shortText: 'Texte court', longText: 'Texte long', quantity: 'Quantité', unit: 'Unité', unitPrice: 'Prix unitaire', total: 'Montant', ...HIDDEN },
    kinds: { group: 'Chapitre', position: 'Poste', note: 'Remarque', executionDescription: "Description d'exécution" },
    markers: { alternative: 'variante', optional: 'optionnel', lumpSum: 'forfait', withoutTotal: 'sans montant', removed: 'supprimé' }, deduction: 'remise',
    overview: 'Aperçu', serviceSpecification: 'Devis', total: 'Total', totalAfterDeduction: 'Total après remise', currencyFirst: false, page: 'Page &P sur &N',
  },
  it: {
    id: 'it',
    headers: { itemNumber: 'N. voce', kind: 'Tipo', shortText: 'Testo breve', longText: 'Testo esteso', quantity: 'Quantità', unit: 'Unità', unitPrice: 'Prezzo unitario', total: 'Importo', ...HIDDEN },
    kinds: { group: 'Capitolo', position: 'Voce', note: 'Nota', executionDescription: 'Descrizione esecutiva' },
    markers: { alternative: 'alternativa', optional: 'opzionale', lumpSum: 'a corpo', withoutTotal: 'senza importo', removed: 'stralciato' }, deduction: 'sconto',
    overview: 'Riepilogo', serviceSpecification: 'Computo', total: 'Totale', totalAfterDeduction: 'Totale dopo sconto', currencyFirst: false, page: 'Pagina &P di &N',
  },
  es: {
    id: 'es',
    headers: { itemNumber: 'N.º partida', kind: 'Tipo', shortText: 'Texto corto', longText: 'Texto largo', quantity: 'Cantidad', unit: 'Unidad', unitPrice: 'Precio unitario', total: 'Importe', ...HIDDEN },
    kinds: { group: 'Capítulo', position: 'Partida', note: 'Nota', executionDescription: 'Descripción de ejecución' },
    markers: { alternative: 'alternativa', optional: 'opcional', lumpSum: 'alzada', withoutTotal: 'sin importe', removed: 'suprimida' }, deduction: 'descuento',
    overview: 'Resumen', serviceSpecification: 'Presupuesto', total: 'Total', totalAfterDeduction: 'Total tras descuento', currencyFirst: false, page: 'Página &P de &N',
  },
};

/** Every culture, `en` first (the reader tries them all). */
export const ALL_CULTURES: readonly Culture[] = Object.values(CULTURES);

/** The culture of a `ConversionCulture` value: its language part (`de-AT` → `de`), `en` for anything else. */
export function cultureOf(value: unknown): Culture {
  const language = String(value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (CULTURES as Record<string, Culture | undefined>)[language] ?? CULTURES.en;
}

/** Number format code of prices with `places` decimals and the currency (`EUR`, `€`) where the culture puts it. */
export function priceFormat(culture: Culture, places: number, currency: string | undefined): string {
  const digits = places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
  if (!currency) return digits;
  const quoted = `"${currency.replace(/"/g, '')}"`;
  return culture.currencyFirst ? `${quoted} ${digits}` : `${digits} ${quoted}`;
}

/** Number format code of quantities (three decimals, the model's quantity precision). */
export const QUANTITY_FORMAT = '#,##0.000';
