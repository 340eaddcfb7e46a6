/**
 * The parts of an ONLV around the outline (2009 `onlv.xsd`, `ontypdef.xsd`): `metadaten` (`erstelltam`,
 * `dateiname`, `programmsystem` naming this program, `programmversion`), the header tables (`grafiktabelle`,
 * `leistungsteiltabelle`, `akztabelle`, `hilfsberechnungen`, `zugelassenenachlaesse`), `kenndaten` (`lv-kenndaten-basis.group`: `lvcode`, `vorhaben`,
 * `lvbezeichnung`, `auftraggeber`, `vergebendestelle`, `lversteller`, `bearbeitungsstand`, `preisanteilmodell`,
 * `wkz`, then per LV type `preisbasis` | `angebotsfrist`, `bieter_auftragnehmer`, `bieternummer`, `auftragcode`),
 * contacts (`kontakt.type`: `firma{name, kommunikation{adresse{strasse, ort, plz, land}, telefon, fax, email}}`),
 * and the header of an outline's LG list (`lv-ogheader.group`: `preiserstellungsverfahren`, `lb`, `svb`).
 *
 * Values the reader kept in the service specification's `oenormProperties` (under their ÖNORM names) are written
 * back; required fields without data get defaults when `SkipTryEnforceSchemaCompliantXmlOutput` is false (reported).
 */
import type { PartyInformationDto, ProjectDto, ServiceSpecificationDto } from '../../../core/model/types.js';
import { PACKAGE } from '../../../core/package-info.js';
import type { OenormWriterContext } from './context.js';
import type { OenormDiscounts } from './discounts.js';
import { writeGrafiktabelle } from './graphics.js';
import { writeTakeoffHeader } from './takeoff.js';
import { writeZzTabelle } from './varianten.js';
import type { LvTypeRules } from './target.js';

const DATE = /^\d{4}-\d{2}-\d{2}/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const UNKNOWN = 'Nicht angegeben';
/** The LB of positions written without one ("frei formuliert": free text, as ABK writes it). */
const FREE_TEXT_LB = { bezeichnung: 'frei formuliert', lbkennung: 'FF', versionsnummer: '999', versionsdatum: '2009-06-01', status: 'freigegeben' };

type Kept = Record<string, unknown>;

export const keptOf = (spec: ServiceSpecificationDto): Kept => (spec.oenormProperties ?? {}) as Kept;

/** `metadaten`. */
export function writeMetadaten(ctx: OenormWriterContext, fileName: string, now: Date): void {
  ctx.b.open('metadaten')
    .leaf('erstelltam', now.toISOString().replace(/\.\d+Z$/, 'Z'))
    .leaf('dateiname', ctx.line(fileName, 60, 'dateiname', 'metadaten'))
    .leaf('programmsystem', PACKAGE.name)
    .leaf('programmversion', PACKAGE.version)
    .close();
}

/**
 * The header tables: the graphics of the texts, the Leistungsteile, the evaluation marks and helper calculations of a
 * quantity take-off, the variants' names (2015, 2021), discounts on sums.
 * @param parts the Leistungsteil numbers the positions use
 * @param edition `2009`, `2015` or `2021`
 * @param takeoff the LV type holds a quantity take-off (`takeoff.ts`)
 */
export function writeHeaderTables(
  ctx: OenormWriterContext, spec: ServiceSpecificationDto, parts: readonly string[], discounts: OenormDiscounts, edition: string, takeoff: boolean,
): void {
  writeGrafiktabelle(ctx, ctx.graphics);
  writeLeistungsteiltabelle(ctx, spec, parts, edition);
  writeTakeoffHeader(ctx, spec, takeoff);
  writeZzTabelle(ctx, spec, edition);
  discounts.writeAllowed();
}

/** A definition as `indexwarenkorbzuordnung.type` holds it. */
interface Definition { element: string; kind: string; bezeichnung?: string; kategorie?: string }

/** A kept definition as `indexwarenkorbzuordnung.type` can hold it: fixed prices, or an index or basket with its name. */
function writtenDefinition(d: unknown): Definition | undefined {
  const v = d as { element?: unknown; kind?: unknown; bezeichnung?: unknown; kategorie?: unknown } | undefined;
  if (typeof v?.element !== 'string' || typeof v.kind !== 'string') return undefined;
  if (v.kind === 'festpreise') return { element: v.element, kind: v.kind };
  if ((v.kind !== 'index' && v.kind !== 'warenkorb') || typeof v.bezeichnung !== 'string' || v.bezeichnung.trim() === '') return undefined;
  return { element: v.element, kind: v.kind, bezeichnung: v.bezeichnung, kategorie: v.kind === 'index' && typeof v.kategorie === 'string' && v.kategorie.trim() !== '' ? v.kategorie : undefined };
}

/**
 * `leistungsteiltabelle` (2009 `leistungsteiltabelle.group`): the parts an ÖNORM source stated (`oenormProperties.
 * leistungsteile`: `definition`, or `definition-preisanteil1` + `definition-preisanteil2`, each fixed prices, an index
 * or a basket of goods), then a fixed-price part for every other number the positions use. A kept part whose
 * definitions the schema cannot hold is written with fixed prices, reported (without definitions, silently: the
 * default). A part's name (`bezeichnung`, which the 2015 edition adds) is written first in the part in 2015 and 2021,
 * as the public 2015 ONLV of the corpus (ABK export, `onlv_2015_zimmermann.onlv`) has it; the 2009 structure has no
 * place for it (reported).
 */
function writeLeistungsteiltabelle(ctx: OenormWriterContext, spec: ServiceSpecificationDto, parts: readonly string[], edition: string): void {
  const b = ctx.b.open('leistungsteiltabelle');
  const kept = keptOf(spec).leistungsteile;
  const written = new Set<string>();
  let named = 0;
  for (const part of Array.isArray(kept) ? kept as { nr?: unknown; bezeichnung?: unknown; definitions?: unknown }[] : []) {
    const nr = typeof part?.nr === 'string' ? part.nr : '';
    if (!/^[1-9][0-9]?$/.test(nr) || written.has(nr)) continue;
    written.add(nr);
    const name = typeof part.bezeichnung === 'string' ? ctx.line(part.bezeichnung, 60, 'leistungsteil/bezeichnung', `Leistungsteil ${nr}`) : '';
    if (name !== '' && edition === '2009') named++;
    const read = Array.isArray(part.definitions) ? part.definitions : [];
    const definitions = read.map(writtenDefinition).filter((d): d is Definition => d !== undefined);
    const names = definitions.map((d) => d.element).join();
    const fits = definitions.length === read.length && (names === 'definition' || names === 'definition-preisanteil1,definition-preisanteil2');
    b.open('leistungsteil', { nr });
    if (name !== '' && edition !== '2009') b.leaf('bezeichnung', name);
    if (!fits && read.length > 0) {
      ctx.report('OENORM_ELEMENT_NOT_WRITTEN', 'warning', `The price conversion of Leistungsteil ${nr} was not written as read (its definitions do not fit the schema); the part was written with fixed prices.`);
    }
    if (!fits) b.open('definition').empty('festpreise').close();
    for (const d of fits ? definitions : []) {
      b.open(d.element);
      if (d.kind === 'festpreise') b.empty('festpreise');
      else {
        b.open(d.kind).leaf('bezeichnung', ctx.line(d.bezeichnung, 80, 'bezeichnung', `Leistungsteil ${nr}`));
        if (d.kategorie !== undefined) b.leaf('kategorie', ctx.line(d.kategorie, 80, 'kategorie', `Leistungsteil ${nr}`));
        b.close();
      }
      b.close();
    }
    b.close();
  }
  for (const nr of parts) if (!written.has(nr)) b.open('leistungsteil', { nr }).open('definition').empty('festpreise').close().close();
  b.close();
  if (named > 0) {
    ctx.report('OENORM_LEISTUNGSTEIL_NAME_NOT_WRITTEN', 'info', `The names (bezeichnung) of ${named} Leistungsteil(e) were not written: the 2009 edition has no place for them.`);
  }
}

/** A required text: the model's value, else (enforcing) the default, reported. */
function required(ctx: OenormWriterContext, field: string, value: string | undefined, fallback: string, max = 60): string {
  const v = value?.trim() ? ctx.line(value, max, field, 'kenndaten') : '';
  if (v !== '' || !ctx.enforce) return v;
  ctx.filled(field, fallback);
  return fallback;
}

/**
 * `kontakt.type` as `firma` (the model keeps one name per party): `name`, `kommunikation` (`adresse`, `telefon`, `fax`,
 * `email`, `www` as the ÖNORM reader keeps it), `kontaktperson` from `contactPersonName` (`nachname` its last word,
 * `vorname` the words before).
 */
export function writeParty(ctx: OenormWriterContext, element: string, given: PartyInformationDto | undefined, fallbackName: string): void {
  const b = ctx.b;
  const party: Partial<Record<keyof PartyInformationDto, string>> | undefined = given === undefined ? undefined : textMembers(given);
  const name = required(ctx, `${element}/firma/name`, party?.name, fallbackName);
  b.open(element).open('firma').leaf('name', name);
  const where = `${element}`;
  const address = party?.city || party?.zipCode ? party : undefined;
  const country = alpha3(party?.countryCode);
  const www = typeof party?.www === 'string' && party.www.trim() !== '' ? party.www.trim() : undefined;
  if (address || party?.phone || party?.fax || party?.email || www) {
    b.open('kommunikation');
    if (address) {
      b.open('adresse');
      if (party!.street) b.leaf('strasse', ctx.line(party!.street, 60, 'strasse', where));
      b.leaf('ort', required(ctx, `${element}/adresse/ort`, party!.city, '-'));
      b.leaf('plz', required(ctx, `${element}/adresse/plz`, party!.zipCode, '-', 10));
      b.leaf('land', country ?? (ctx.enforce ? (ctx.filled(`${element}/adresse/land`, 'AUT'), 'AUT') : party?.countryCode ?? ''));
      b.close();
    }
    if (party?.phone) b.leaf('telefon', ctx.line(party.phone, 30, 'telefon', where));
    if (party?.fax) b.leaf('fax', ctx.line(party.fax, 30, 'fax', where));
    if (party?.email) b.leaf('email', ctx.line(party.email, 80, 'email', where));
    if (www) b.leaf('www', ctx.clean(www, where, 'www'));
    b.close();
  }
  const contact = party?.contactPersonName?.trim();
  if (contact) {
    // `kontakt-person.type`: nachname (required), vorname; the model keeps one name, "Vorname Nachname"
    const cut = contact.lastIndexOf(' ');
    b.open('kontaktperson').leaf('nachname', ctx.line(contact.slice(cut + 1), 60, 'kontaktperson/nachname', where));
    if (cut > 0) b.leaf('vorname', ctx.line(contact.slice(0, cut), 60, 'kontaktperson/vorname', where));
    b.close();
  }
  b.close().close();
}

/**
 * The text members of an object: what the writer reads of a party or of a kept block (`oenormProperties`), where a
 * posted ProjectDto may hold anything. A finite number is taken as its text (a version number or postcode sent as
 * a number); members of other types are left out, as absent ones are.
 */
function textMembers(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[key] = String(v);
  }
  return out;
}

/** ISO 3166-1 alpha-2 → alpha-3 for the countries of the trade's tender formats (`land` is alpha-3). */
const ALPHA3: Readonly<Record<string, string>> = {
  AT: 'AUT', DE: 'DEU', CH: 'CHE', LI: 'LIE', IT: 'ITA', FR: 'FRA', LU: 'LUX', NL: 'NLD', BE: 'BEL', CZ: 'CZE',
  SK: 'SVK', SI: 'SVN', HU: 'HUN', PL: 'POL', HR: 'HRV', DK: 'DNK',
};

/** A country code as `land` needs it (three letters), undefined when the model's code is neither alpha-3 nor a known alpha-2. */
function alpha3(code: string | undefined): string | undefined {
  const c = code?.trim().toUpperCase();
  if (c === undefined) return undefined;
  return /^[A-Z]{3}$/.test(c) ? c : ALPHA3[c];
}

const dateOf = (value: unknown): string | undefined => (typeof value === 'string' && DATE.test(value) ? value.slice(0, 10) : undefined);

/** `kenndaten` of the LV type. */
export function writeKenndaten(
  ctx: OenormWriterContext, project: ProjectDto, spec: ServiceSpecificationDto, rules: LvTypeRules,
  priceShareLabels: readonly [string, string] | undefined, now: Date,
): void {
  const b = ctx.b;
  const info = project.projectInformation ?? {};
  const kept = keptOf(spec);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  b.open('kenndaten');
  b.leaf('lvcode', required(ctx, 'lvcode', str(kept.lvcode) ?? spec.name ?? info.name, 'LV'));
  b.leaf('vorhaben', required(ctx, 'vorhaben', info.name ?? spec.name, 'Vorhaben'));
  b.leaf('lvbezeichnung', required(ctx, 'lvbezeichnung', spec.name ?? info.name, 'Leistungsverzeichnis'));
  writeParty(ctx, 'auftraggeber', info.buyer, UNKNOWN);
  for (const role of ['vergebendestelle', 'lversteller']) {
    const party = kept[role] as PartyInformationDto | undefined;
    if (party && typeof party === 'object' && party.name) writeParty(ctx, role, party, UNKNOWN);
  }
  const stand = dateOf(kept.bearbeitungsstand);
  if (stand) b.leaf('bearbeitungsstand', stand);
  b.open('preisanteilmodell');
  if (priceShareLabels) {
    b.open('preisanteile').open('preisanteilbez')
      .leaf('preisanteil1bez', ctx.line(priceShareLabels[0], 10, 'preisanteil1bez', 'kenndaten') || 'Lohn')
      .leaf('preisanteil2bez', ctx.line(priceShareLabels[1], 10, 'preisanteil2bez', 'kenndaten') || 'Sonstiges')
      .close().close();
  } else b.empty('keinepreisanteile');
  b.close();
  const wkz = info.currencyShort && /^[A-Z0-9]{3}$/.test(info.currencyShort) ? info.currencyShort : undefined;
  b.leaf('wkz', wkz ?? (ctx.enforce ? (ctx.filled('wkz', 'EUR'), 'EUR') : info.currencyShort ?? ''));
  if (rules.date !== 'none') {
    const deadline = spec.offerByDate && DATE_TIME.test(spec.offerByDate) ? spec.offerByDate : undefined;
    if (rules.date === 'choice' && deadline !== undefined) b.leaf('angebotsfrist', deadline);
    else {
      const basis = dateOf(kept.preisbasis) ?? dateOf(spec.creationDate) ?? dateOf(spec.offerByDate);
      if (basis !== undefined) b.leaf('preisbasis', basis);
      else if (ctx.enforce) {
        ctx.filled('preisbasis', now.toISOString().slice(0, 10));
        b.leaf('preisbasis', now.toISOString().slice(0, 10));
      }
    }
  }
  if (rules.bidder) writeParty(ctx, 'bieter_auftragnehmer', spec.bidder, UNKNOWN);
  if (rules.bidderNumber && typeof kept.bieternummer === 'string' && /^[1-9][0-9]{0,2}$/.test(kept.bieternummer)) b.leaf('bieternummer', kept.bieternummer);
  if (rules.contractCode) b.leaf('auftragcode', required(ctx, 'auftragcode', str(kept.auftragcode) ?? str(kept.lvcode) ?? spec.name, 'Auftrag'));
  b.close();
}

/** `preiserstellungsverfahren` (kept, else the price offer procedure). */
export function writePreiserstellungsverfahren(ctx: OenormWriterContext, spec: ServiceSpecificationDto): void {
  const kept = keptOf(spec).preiserstellungsverfahren;
  const value = kept === 'Preisaufschlags- und -nachlassverfahren' ? kept : 'Preisangebotsverfahren';
  ctx.b.leaf('preiserstellungsverfahren', value);
}

const LB_FIELDS = ['bezeichnung', 'lbkennung', 'versionsnummer', 'versionsdatum', 'status', 'downloadurl'];

/**
 * The `lb` block of an LV (the LB it was written from, kept, with its publisher `herausgeber`), or the `lbkenndaten`
 * of an LB (the fields an ONLB source kept, its name as `bezeichnung`); else the free-text LB. Any other LB
 * identification (`lb-kenndaten.type`: an LV's `erglb`, an LB's `erglbkenndaten`, `lbkenndaten-vorversion`,
 * `erglbkenndaten-vorversion`) from the block kept under its name, with the publisher kept in it. Returns the
 * `versionsnummer` written.
 */
export function writeLb(ctx: OenormWriterContext, spec: ServiceSpecificationDto, element = 'lb'): string {
  const all = keptOf(spec);
  const own = element === 'lb' || element === 'lbkenndaten';
  const kept = textMembers(own ? all.lb : all[element]);
  if (element === 'lbkenndaten') {
    for (const f of LB_FIELDS) if (typeof all[f] === 'string') kept[f] = all[f] as string;
    if (spec.name) kept.bezeichnung = spec.name;
  }
  const b = ctx.b;
  const valid = (key: keyof typeof FREE_TEXT_LB, pattern: RegExp) => (kept[key] !== undefined && pattern.test(kept[key]) ? kept[key] : FREE_TEXT_LB[key]);
  const herausgeber = (own ? all.herausgeber : (all[element] as { herausgeber?: unknown } | undefined)?.herausgeber) as PartyInformationDto | undefined;
  b.open(element);
  b.leaf('bezeichnung', ctx.line(kept.bezeichnung ?? FREE_TEXT_LB.bezeichnung, 60, 'lb/bezeichnung', 'lb') || FREE_TEXT_LB.bezeichnung);
  writeParty(ctx, 'herausgeber', herausgeber && typeof herausgeber === 'object' ? herausgeber : { name: kept.bezeichnung ?? FREE_TEXT_LB.bezeichnung }, FREE_TEXT_LB.bezeichnung);
  b.leaf('lbkennung', valid('lbkennung', /^[A-Z .-]{1,10}$/));
  const version = valid('versionsnummer', /^[1-9][0-9]{0,2}$/);
  b.leaf('versionsnummer', version);
  b.leaf('versionsdatum', valid('versionsdatum', /^\d{4}-\d{2}-\d{2}$/));
  b.leaf('status', kept.status === 'Entwurf' ? 'Entwurf' : 'freigegeben');
  // xs:anyURI: a reference with or without scheme (the NEVARIS demo LB states `www.nevaris.com`); blanks escaped
  const url = kept.downloadurl?.trim().replace(/\s+/g, '%20');
  if (url) b.leaf('downloadurl', url);
  b.close();
  return version;
}
