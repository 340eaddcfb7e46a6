/**
 * The element names the ÖNORM reader's state machine acts on, as numbers: a start tag's local name is looked up
 * once (`elementCode`, in a `NameTable`, which does not hash the fresh name as a `Map` would), and the start and end
 * handlers go on with the number. Names come fresh from the parser, so every comparison or Set lookup of a name reads
 * its characters again; a number is compared in one step. Names:
 * 2009 `onlv.xsd`, `onlb.xsd`, `ontypdef.xsd` (the 2015 and 2021 editions keep them).
 */
import { NameTable } from '../../../core/xml/name-table.js';
import { LV_TYPES } from './lv-types.js';

/** Any name not listed below. */
export const OTHER = 0;
// document structure
export const METADATEN = 1, LV_TYPE = 2, KENNDATEN = 3, LBKENNDATEN = 4, SVB = 5, VORBEMERKUNG = 6, LB = 7,
  PREISERSTELLUNGSVERFAHREN = 8, GLIEDERUNG_HG = 9, GLIEDERUNG_OG = 10, GLIEDERUNG_LG = 11, GLIEDERUNG_POSFREI = 12,
  PARTY = 13, PREISANTEILMODELL = 14, PREISANTEILE = 15, PREISANTEILBEZ = 16;
// graphics: the table of the document (`grafiktabelle/grafikelement`) and an element's links to it (`grafiklinks/grafiklink`)
export const GRAFIKTABELLE = 18, GRAFIKELEMENT = 19, GRAFIKLINKS = 36, GRAFIKLINK = 37;
/** The LV's sums with VAT (`summenormalausfuehrung`, 2009 `gesamtsumme.type`). */
export const SUMMENORMALAUSFUEHRUNG = 38;
/** An LB element's comment (`kommentar`, `lb-kommentar.type`) and an LV element's note (`notiz`, `notiz.type`). */
export const KOMMENTAR = 39, NOTIZ = 49;
/** An LB element's change marks (`aenderungskennzeichnungen`) and its mark "not in this partial edition". */
export const AENDERUNGSKENNZEICHNUNGEN = 70, NICHTINTEILAUSGABE = 71;
/** An entry's supplementary-offer information (`zusatzangebotslvinfo`, `addendum.ts`). */
export const ZUSATZANGEBOTSLVINFO = 72;
/** The supplementary LB an LV's texts marked `+` come from (`erglb`, `lb-kenndaten.type`, after `lb`). */
export const ERGLB = 73;
// outline: lists, groups and their properties, sums (each kind a run of codes, see the range tests below)
export const HG_LISTE = 20, OG_LISTE = 21, LG_LISTE = 22, ULG_LISTE = 23;
export const HG = 24, OG = 25, LG = 26, ULG = 27;
export const HG_SUMME = 28, OG_SUMME = 29, LG_SUMME = 30, ULG_SUMME = 31, LV_SUMME = 32, SUMME = 33;
export const UEBERSCHRIFT = 34, POSITIONEN = 35;
// positions
export const GRUNDTEXTNR = 40, GRUNDTEXT = 41, UNGETEILTEPOSITION = 42, FOLGEPOSITION = 43, POSITION = 44,
  POS_EIGENSCHAFTEN = 45, LANGTEXT = 46, PZZV = 47, PREIS = 48;
/**
 * The leaves of `pos-eigenschaften` (a run of codes from STICHWORT to TEILSUMMENKENNZEICHEN), then those of `pzzv/*`
 * and `preis`. `vorbemerkungskennzeichen` is also a leaf of `svb` and of LG/ULG properties.
 */
export const STICHWORT = 50, STICHWORT_KURZ = 51, STICHWORT_LUECKE = 52, HERKUNFTSKENNZEICHEN = 53, EINHEIT = 54,
  WESENTLICHEPOSITION = 55, GARANTIERTEANGEBOTSSUMME = 56, LEISTUNGSTEIL = 57, LVMENGE = 58, NICHTANGEBOTEN = 59,
  POSPREIS = 60, USTKENNZEICHEN = 61, VORBEMERKUNGSKENNZEICHEN = 62, TEILANGEBOTSKENNZEICHEN = 63,
  TEILSUMMENKENNZEICHEN = 64, ZZ = 65, VARIANTENNUMMER = 66, PREISANTEIL1 = 67, PREISANTEIL2 = 68, GESAMT = 69;

export const isList = (code: number): boolean => code >= HG_LISTE && code <= ULG_LISTE;
export const isGroupLevel = (code: number): boolean => code >= HG && code <= ULG;
export const isSum = (code: number): boolean => code >= HG_SUMME && code <= LV_SUMME;
export const isPositionLeaf = (code: number): boolean => code >= STICHWORT && code <= TEILSUMMENKENNZEICHEN;

/** The contacts of `kenndaten` / `lbkenndaten` (`kontakt.type`). */
const PARTY_NAMES = ['auftraggeber', 'vergebendestelle', 'lversteller', 'bieter_auftragnehmer', 'herausgeber'];

const CODES = new NameTable<number>([
  ['metadaten', METADATEN], ['kenndaten', KENNDATEN], ['lbkenndaten', LBKENNDATEN], ['svb', SVB],
  ['vorbemerkung', VORBEMERKUNG], ['lb', LB], ['preiserstellungsverfahren', PREISERSTELLUNGSVERFAHREN],
  ['gliederung-hg', GLIEDERUNG_HG], ['gliederung-og', GLIEDERUNG_OG], ['gliederung-lg', GLIEDERUNG_LG],
  ['gliederung-posfrei', GLIEDERUNG_POSFREI], ['preisanteilmodell', PREISANTEILMODELL], ['preisanteile', PREISANTEILE],
  ['preisanteilbez', PREISANTEILBEZ],
  ['hg-liste', HG_LISTE], ['og-liste', OG_LISTE], ['lg-liste', LG_LISTE], ['ulg-liste', ULG_LISTE],
  ['hg', HG], ['og', OG], ['lg', LG], ['ulg', ULG],
  ['hg-summe', HG_SUMME], ['og-summe', OG_SUMME], ['lg-summe', LG_SUMME], ['ulg-summe', ULG_SUMME],
  ['lv-summe', LV_SUMME], ['summe', SUMME], ['ueberschrift', UEBERSCHRIFT], ['positionen', POSITIONEN],
  ['grundtextnr', GRUNDTEXTNR], ['grundtext', GRUNDTEXT], ['ungeteilteposition', UNGETEILTEPOSITION],
  ['folgeposition', FOLGEPOSITION], ['position', POSITION], ['pos-eigenschaften', POS_EIGENSCHAFTEN],
  ['langtext', LANGTEXT], ['pzzv', PZZV], ['preis', PREIS],
  ['stichwort', STICHWORT], ['stichwort-kurz', STICHWORT_KURZ], ['stichwort-luecke', STICHWORT_LUECKE],
  ['herkunftskennzeichen', HERKUNFTSKENNZEICHEN], ['einheit', EINHEIT], ['wesentlicheposition', WESENTLICHEPOSITION],
  ['garantierteangebotssumme', GARANTIERTEANGEBOTSSUMME], ['leistungsteil', LEISTUNGSTEIL], ['lvmenge', LVMENGE],
  ['nichtangeboten', NICHTANGEBOTEN], ['pospreis', POSPREIS], ['zz', ZZ], ['variantennummer', VARIANTENNUMMER],
  ['preisanteil1', PREISANTEIL1], ['preisanteil2', PREISANTEIL2], ['gesamt', GESAMT],
  ['ustkennzeichen', USTKENNZEICHEN], ['vorbemerkungskennzeichen', VORBEMERKUNGSKENNZEICHEN],
  ['teilangebotskennzeichen', TEILANGEBOTSKENNZEICHEN], ['teilsummenkennzeichen', TEILSUMMENKENNZEICHEN],
  ['summenormalausfuehrung', SUMMENORMALAUSFUEHRUNG],
  ['kommentar', KOMMENTAR], ['notiz', NOTIZ], ['aenderungskennzeichnungen', AENDERUNGSKENNZEICHNUNGEN],
  ['nichtinteilausgabe', NICHTINTEILAUSGABE], ['zusatzangebotslvinfo', ZUSATZANGEBOTSLVINFO], ['erglb', ERGLB],
  ['grafiktabelle', GRAFIKTABELLE], ['grafikelement', GRAFIKELEMENT], ['grafiklinks', GRAFIKLINKS], ['grafiklink', GRAFIKLINK],
  ...Object.keys(LV_TYPES).map((n): [string, number] => [n, LV_TYPE]),
  ...PARTY_NAMES.map((n): [string, number] => [n, PARTY]),
]);

/** The local name of a qualified name (the part after a prefix and its colon). */
export const localName = (qname: string): string => {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
};

/** The code of a local element name ({@link OTHER} for names the reader does not act on, and for any with a prefix). */
export const elementCode = (name: string): number => CODES.get(name) ?? OTHER;
