/**
 * The document frame: `GAEB` (namespace per version and phase), `GAEBInfo`, `PrjInfo`, `Award` (DP, AwardInfo,
 * OWN, CTR, AddText, BoQ) and the closing `AddText` (GAEB DA XML 3.3 Lib tgGAEB, tgGAEBInfo, tgPrjInfo,
 * tgAward, tgAwardInfo, tgOWN, tgCTR, tgAddress, tgAddText; restrictions per phase in phase.ts).
 */
import type { NoteTextDto, PartyInformationDto, ProjectDto, ServiceSpecificationDto } from '../../../../core/model/types.js';
import { wrapWords } from '../../../../core/text/records.js';
import { NAME_FIELDS, fitNameFields, hasPartyData } from '../../party.js';
import type { WriterContext } from './context.js';
import { longTextBlocks, richTextMode, writeFText } from './description.js';
import type { Presence } from './phase.js';
import { writeFTextContent, writeMLTextLines } from './text-xml.js';

const CAT: Readonly<Record<string, string>> = {
  OpenProcurement: 'OpenProc', ClosedProducrement: 'ClosedProc', NegotiationProcurement: 'NegProc', OpenCall: 'OpenCall',
  SelectedCall: 'SelectCall', InternationalNATOProcurement: 'IntNATO', CompetitiveDialog: 'CompetDialog',
};

/** `YYYY-MM-DD` (xs:date) of an ISO date or date-time; undefined when not a date. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^\s*(\d{4}-\d{2}-\d{2})/.exec(value);
  if (m) return m[1];
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** GAEBInfo: Version, VersDate, Date, Time, ProgSystem, ProgName. */
export function writeGaebInfo(ctx: WriterContext, now: Date): void {
  const { b, rules } = ctx;
  b.open('GAEBInfo')
    .leaf('Version', rules.versionLabel)
    .leaf('VersDate', rules.versDate)
    .leaf('Date', `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`)
    .leaf('Time', `${pad2(now.getHours())}:${pad2(now.getMinutes())}:${pad2(now.getSeconds())}`)
    .leaf('ProgSystem', 'ava-gateway')
    .leaf('ProgName', 'ava-gateway GAEB DA XML writer')
    .close();
}

/** PrjInfo (omitted when there is nothing to say and the phase does not need it). */
export function writePrjInfo(ctx: WriterContext, project: ProjectDto, spec: ServiceSpecificationDto, upDigits: number): void {
  const { b, rules } = ctx;
  const info = project.projectInformation ?? {};
  const r = rules.prjInfo;
  const field = (name: string) => ({ field: `projectInformation.${name}`, label: 'text' });
  const name = info.name ?? (r.nameRequired ? spec.name : undefined);
  const cur = r.cur ? info.currencyShort : undefined;
  // UPFracDig defaults to 3 (tgPrjInfo): stated when the project states it or its unit prices have 2 decimals.
  const upFracDig = r.upFracDig && (info.upFracDig !== undefined || upDigits !== 3);
  const hasAny = name || info.descriptionShort || (r.descrip && info.description) || cur || (r.bidCommPerm && info.bidderCommentAllowed !== undefined) ||
    (r.alterBidPerm && info.sideOffersAllowed) || upFracDig;
  if (!hasAny) return;
  b.open('PrjInfo');
  if (name !== undefined || r.nameRequired) b.leaf('NamePrj', ctx.fit(name ?? '', 60, 'NamePrj', field('name')));
  if (info.descriptionShort) b.leaf('LblPrj', ctx.fit(info.descriptionShort, 100, 'LblPrj', field('descriptionShort')));
  if (r.descrip && info.description) {
    b.open('Descrip');
    writeFText(ctx, { longText: info.description }, 'projectInformation.description');
    b.close();
  }
  if (cur) writeCurrency(ctx, cur, info.currencyLong);
  if (r.bidCommPerm && info.bidderCommentAllowed !== undefined) b.leaf('BidCommPerm', info.bidderCommentAllowed ? 'Yes' : 'No');
  if (r.alterBidPerm && info.sideOffersAllowed === true) b.leaf('AlterBidPerm', 'Yes');
  if (upFracDig) b.leaf('UPFracDig', upDigits);
  b.close();
}

function writeCurrency(ctx: WriterContext, short: string, long: string | undefined): void {
  ctx.b.leaf('Cur', ctx.fit(short, 4, 'Cur', { field: 'projectInformation.currencyShort', label: 'currency' }));
  if (long) ctx.b.leaf('CurLbl', ctx.fit(long, 50, 'CurLbl', { field: 'projectInformation.currencyLong', label: 'currency label' }));
}

/** Award up to (not including) BoQ: DP, AwardInfo, OWN, CTR, opening AddText. */
export function writeAwardHead(ctx: WriterContext, project: ProjectDto, spec: ServiceSpecificationDto, opening: readonly NoteTextDto[]): void {
  const { b, rules } = ctx;
  b.leaf('DP', rules.phase);
  writeAwardInfo(ctx, project, spec);
  writeParty(ctx, 'OWN', rules.award.own, project.projectInformation?.buyer, 'projectInformation.buyer', 'owner (buyer)');
  writeParty(ctx, 'CTR', rules.award.ctr, spec.bidder, 'serviceSpecifications[0].bidder', 'contractor (bidder)');
  writeAddTexts(ctx, opening, rules.award.addText, 'opening texts (Award/AddText)');
}

function writeAwardInfo(ctx: WriterContext, project: ProjectDto, spec: ServiceSpecificationDto): void {
  const { b, rules } = ctx;
  const allowed = new Set(rules.award.awardInfo);
  const info = project.projectInformation ?? {};
  const f = (name: string) => ({ field: `serviceSpecifications[0].${name}`, label: 'text' });
  const items: (() => void)[] = [];
  const mapped = info.awardType ? CAT[info.awardType] : undefined;
  // CompetDialog is not in the 3.1 schema's Cat enumeration
  const cat = mapped === 'CompetDialog' && rules.version === '3.1' ? undefined : mapped;
  if (allowed.has('Cat') && cat) items.push(() => b.leaf('Cat', cat));
  if (allowed.has('Cur') && !rules.prjInfo.cur && info.currencyShort) items.push(() => writeCurrency(ctx, info.currencyShort ?? '', info.currencyLong));
  const date = (name: 'OpenDate' | 'CnstStart' | 'CnstEnd' | 'ContrDate', value: string | undefined) => {
    const d = isoDate(value);
    if (allowed.has(name) && d) items.push(() => b.leaf(name, d));
  };
  date('OpenDate', spec.offerByDate);
  // OpenTime (tgTime) follows OpenDate when the date carries a time of day, as the reader joins them.
  const openTime = /^\d{4}-\d{2}-\d{2}T(\d{2}:\d{2}:\d{2})/.exec(spec.offerByDate ?? '')?.[1];
  if (allowed.has('OpenDate') && isoDate(spec.offerByDate) && openTime) items.push(() => b.leaf('OpenTime', openTime));
  if (allowed.has('SubmLoc') && spec.submissionLocation) items.push(() => b.leaf('SubmLoc', ctx.fit(spec.submissionLocation, 60, 'SubmLoc', f('submissionLocation'))));
  date('CnstStart', spec.plannedExecutionStart);
  date('CnstEnd', spec.plannedExecutionEnd);
  if (allowed.has('ContrNo') && spec.contractIdentifier) items.push(() => b.leaf('ContrNo', ctx.fit(spec.contractIdentifier, 20, 'ContrNo', f('contractIdentifier'))));
  date('ContrDate', spec.contractDate);
  if (allowed.has('AcceptType') && spec.typeOfApproval) items.push(() => b.leaf('AcceptType', ctx.fit(spec.typeOfApproval, 60, 'AcceptType', f('typeOfApproval'))));
  const w = spec.warrantyDuration;
  if (allowed.has('Warr') && w && Number.isInteger(w.duration) && w.duration >= 0 && w.duration <= 99) {
    items.push(() => b.leaf('WarrDur', w.duration).leaf('WarrUnit', w.unit === 'Months' ? 'Months' : 'Years'));
  }
  if (items.length === 0) return;
  b.open('AwardInfo');
  for (const write of items) write();
  b.close();
}

/** OWN / CTR with their Address (tgAddress: Name1, Street, PCode, City required in 3.2/3.3; Name1, PCode in 3.1). */
function writeParty(ctx: WriterContext, tag: 'OWN' | 'CTR', presence: Presence, party: PartyInformationDto | undefined, field: string, what: string): void {
  const { b, rules } = ctx;
  if (presence === 'none') {
    if (hasPartyData(party)) ctx.report('GAEB_XML_ELEMENT_DROPPED', 'info', `phase ${rules.phase} has no ${tag}; the ${what} was not written`);
    return;
  }
  if (!hasPartyData(party)) {
    if (presence === 'optional') return;
    ctx.report('GAEB_XML_DEFAULT_ADDED', 'warning', `phase ${rules.phase} requires ${tag}; the project has no ${what}, so an address with empty fields was written`);
  }
  const p = party ?? {};
  b.open(tag);
  writeAddress(ctx, p, `${tag}/Address`, field, rules.version !== '3.1');
  if (p.awardIdentifier) b.leaf('AwardNo', ctx.fit(p.awardIdentifier, 60, `${tag}/AwardNo`, { field: `${field}.awardIdentifier`, label: 'text' }));
  b.close();
}

/** Characters of `Name1`–`Name4` (tgAddress, tgNormalizedString40). */
const NAME_LENGTH = 40;

/**
 * The lines of a party's name for `Name1`–`Name4`: each line of the name, one longer than 40 characters wrapped
 * at blanks into the fields the other lines leave free (a single-line name of 72 characters, as GAEB 90 record 03
 * holds, fills Name1 and Name2 instead of being cut; a word longer than a field is not broken); a fifth and later
 * line joined into Name4.
 */
function nameLines(name: string): string[] {
  const lines = name.split(/\r\n|\r|\n/).map((n) => n.trim()).filter((n) => n !== '');
  const out: string[] = [];
  lines.forEach((line, i) => {
    const free = NAME_FIELDS - out.length - (lines.length - i - 1); // fields left once each later line has one
    if (free <= 1 || Array.from(line).length <= NAME_LENGTH) {
      out.push(line);
      return;
    }
    const { lines: pieces, split } = wrapWords(line, NAME_LENGTH);
    if (split) out.push(line); // a word longer than a field is shortened, not broken across fields
    else if (pieces.length <= free) out.push(...pieces);
    else out.push(...pieces.slice(0, free - 1), pieces.slice(free - 1).join(' '));
  });
  return fitNameFields(out);
}

/**
 * Writes `Address` (tgAddress) of a party: Name1–4 from the name's lines (a line longer than a field wrapped into
 * the free ones, a fifth and later line joined into Name4: {@link nameLines}), Street, PCode, City, then Country,
 * Contact, Phone, Fax, Email, VATID when present; each shortened to its XSD length with a message.
 * @param where element path for messages, e.g. `OWN/Address`
 * @param strict 3.2/3.3 require Street and City; 3.1 only Name1 and PCode
 */
export function writeAddress(ctx: WriterContext, p: PartyInformationDto, where: string, field: string, strict: boolean): void {
  const { b } = ctx;
  const fit = (v: string | undefined, max: number, el: string, key: string) => ctx.fit(v ?? '', max, `${where}/${el}`, { field: `${field}.${key}`, label: 'text' });
  const names = nameLines(p.name ?? '');
  b.open('Address');
  b.leaf('Name1', fit(names[0], NAME_LENGTH, 'Name1', 'name'));
  for (let i = 1; i < names.length; i++) b.leaf(`Name${i + 1}`, fit(names[i], NAME_LENGTH, `Name${i + 1}`, 'name'));
  if (strict || p.street) b.leaf('Street', fit(p.street, 40, 'Street', 'street'));
  b.leaf('PCode', fit(p.zipCode, 20, 'PCode', 'zipCode'));
  if (strict || p.city) b.leaf('City', fit(p.city, 40, 'City', 'city'));
  if (p.country) b.leaf('Country', fit(p.country, 40, 'Country', 'country'));
  if (p.contactPersonName) b.leaf('Contact', fit(p.contactPersonName, 40, 'Contact', 'contactPersonName'));
  if (p.phone) b.leaf('Phone', fit(p.phone, 20, 'Phone', 'phone'));
  if (p.fax) b.leaf('Fax', fit(p.fax, 20, 'Fax', 'fax'));
  if (p.email) b.leaf('Email', fit(p.email, 256, 'Email', 'email'));
  if (p.vatId) b.leaf('VATID', fit(p.vatId, 80, 'VATID', 'vatId'));
  b.close();
}

/** AddText* (tgAddText: OutlineAddText?, DetailAddText) for opening or closing notes. */
export function writeAddTexts(ctx: WriterContext, notes: readonly NoteTextDto[], allowed: boolean, what: string): void {
  if (notes.length === 0) return;
  if (!allowed) {
    ctx.report('GAEB_XML_ELEMENT_DROPPED', 'warning', `phase ${ctx.rules.phase} has no place for ${what}; ${notes.length} text(s) were not written`);
    return;
  }
  const { b } = ctx;
  for (const n of notes) {
    const key = n.identifier ?? 'AddText';
    b.open('AddText');
    if (n.shortText && n.shortText.trim() !== '') {
      b.open('OutlineAddText');
      writeMLTextLines(b, ctx.clean(n.shortText, { itemNumber: n.identifier, field: 'AddText', label: 'short text' }));
      b.close();
    }
    b.open('DetailAddText');
    writeFTextContent(b, longTextBlocks(ctx, n, n.identifier, key), richTextMode(ctx, n.identifier));
    b.close();
    b.close();
  }
}
