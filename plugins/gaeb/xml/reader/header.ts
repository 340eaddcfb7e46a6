/**
 * Header values of a GAEB DA XML file: `GAEBInfo`, `PrjInfo`, `Award/AwardInfo`, `OWN`/`CTR` addresses.
 *
 * Source: GAEB DA XML 3.3 Lib (tgGAEBInfo, tgPrjInfo, tgAwardInfo, tgAddress, tgCat); the mapping is the project's
 * GAEB DA XML ↔ ProjectDto contract. Every function takes one leaf element's local name and trimmed text.
 */
import type {
  AwardTypeDto, PartyInformationDto, ProjectInformationDto, ServiceSpecificationDto,
} from '../../../../core/model/types.js';
import type { ReaderReport } from './report.js';
import { lookupTable } from '../../../../core/lookup.js';

/** tgCat → AVACloud AwardTypeDto (German procedure names in the XSD documentation). */
const AWARD_TYPES: Readonly<Record<string, AwardTypeDto>> = lookupTable({
  OpenProc: 'OpenProcurement', // Offenes Verfahren
  ClosedProc: 'ClosedProducrement', // Nichtoffenes Verfahren
  NegProc: 'NegotiationProcurementWithoutPublicAnnouncement', // Verhandlungsverfahren ohne Teilnahmewettbewerb
  NegProcOpen: 'NegotiationProcurement', // Verhandlungsverfahren mit Teilnahmewettbewerb
  OpenCall: 'OpenCall', // Öffentliche Ausschreibung
  SelectCall: 'SelectedCallWithoutPublicCompetition', // Beschränkte Ausschreibung ohne Teilnahmewettbewerb
  SelectCallPostOpen: 'SelectedCall', // Beschränkte Ausschreibung mit Teilnahmewettbewerb
  NegCont: 'DirectAward', // Freihändige Vergabe
  IntNATO: 'InternationalNATOProcurement',
  CompetDialog: 'CompetitiveDialog',
});

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A GAEB decimal (tgDecimal: digits, '.' separator, optional sign) as a JSON number; undefined when it is not one. */
export function parseDecimal(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}

const yes = (text: string) => text === 'Yes';

/** `PrjInfo` leaves → projectInformation (NamePrj, LblPrj, Cur, CurLbl, BidCommPerm, AlterBidPerm, UPFracDig). */
export function applyPrjInfo(name: string, text: string, info: ProjectInformationDto): void {
  if (text === '') return; // an empty element states nothing
  switch (name) {
    case 'NamePrj': info.name = text; break;
    case 'LblPrj': info.descriptionShort = text; break;
    case 'Cur': info.currencyShort = text; break;
    case 'CurLbl': info.currencyLong = text; break;
    case 'BidCommPerm': info.bidderCommentAllowed = yes(text); break;
    case 'AlterBidPerm': info.sideOffersAllowed = yes(text); break;
    case 'UPFracDig': {
      const n = parseDecimal(text);
      if (n !== undefined) info.upFracDig = n;
      break;
    }
    default: break;
  }
}

const withTime = (date: string | undefined, time: string) => (date && date.length === 10 ? `${date}T${time}` : date);

/**
 * `Award/AwardInfo` leaves → service specification and project information. Dates stay as in the file
 * (xs:date `YYYY-MM-DD`; `OpenDate` + `OpenTime` → `YYYY-MM-DDTHH:mm:ss`).
 */
export function applyAwardInfo(
  name: string, text: string, spec: ServiceSpecificationDto, info: ProjectInformationDto, report: ReaderReport,
): void {
  if (text === '') return;
  switch (name) {
    case 'Cat': {
      const awardType = AWARD_TYPES[text];
      if (awardType) info.awardType = awardType;
      else report.report('GAEB_AWARD_CATEGORY_UNMAPPED', 'info', `Award category '${text}' has no equivalent in the model and was dropped.`);
      break;
    }
    case 'Cur': info.currencyShort ??= text; break;
    case 'CurLbl': info.currencyLong ??= text; break;
    case 'OpenDate': spec.offerByDate = text; break;
    case 'OpenTime': spec.offerByDate = withTime(spec.offerByDate, text); break;
    case 'SubmLoc': spec.submissionLocation = text; break;
    case 'CnstStart': spec.plannedExecutionStart = text; break;
    case 'CnstEnd': spec.plannedExecutionEnd = text; break;
    case 'ContrNo': spec.contractIdentifier = text; break;
    case 'ContrDate': spec.contractDate = text; break;
    case 'AcceptType': spec.typeOfApproval = text; break;
    case 'AcceptDate': spec.approvalDate = text; break;
    case 'WarrEnd': spec.warrantyEnd = text; break;
    case 'WarrDur': {
      const n = parseDecimal(text);
      if (n !== undefined) spec.warrantyDuration = { duration: n, unit: spec.warrantyDuration?.unit ?? 'Years' };
      break;
    }
    case 'WarrUnit': {
      const unit = text === 'Months' ? 'Months' : 'Years';
      spec.warrantyDuration = { duration: spec.warrantyDuration?.duration ?? 0, unit };
      break;
    }
    default: break;
  }
}

/** An `Address` being read: names collected separately so they can be joined at the end. */
export interface AddressDraft {
  party: PartyInformationDto;
  names: string[];
}

/** An empty address draft. */
export const newAddress = (): AddressDraft => ({ party: {}, names: [] });

/** `Address` leaves (tgAddress) → party fields; `Name1..4` are kept for `finishAddress`. */
export function applyAddress(name: string, text: string, draft: AddressDraft): void {
  if (text === '') return;
  const p = draft.party;
  switch (name) {
    case 'Name1': case 'Name2': case 'Name3': case 'Name4':
      if (text !== '') draft.names[Number(name[4]) - 1] = text;
      break;
    case 'Street': p.street = text; break;
    case 'PCode': p.zipCode = text; break;
    case 'City': p.city = text; break;
    case 'Country': p.country = text; break;
    case 'Phone': p.phone = text; break;
    case 'Fax': p.fax = text; break;
    case 'Email': p.email = text; break;
    case 'Contact': p.contactPersonName = text; break;
    case 'VATID': p.vatId = text; break;
    default: break;
  }
}

/** The party with `name` = Name1..Name4 joined with '\n' (empty ones left out). */
export function finishAddress(draft: AddressDraft): PartyInformationDto {
  const names = draft.names.filter((n) => n !== undefined && n !== '');
  return names.length > 0 ? { name: names.join('\n'), ...draft.party } : draft.party;
}
