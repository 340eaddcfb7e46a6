/**
 * Parties (client, bidder) in the GAEB formats: whether a party holds anything to write, and the name lines of an
 * address that holds four (`Name1`–`Name4`: GAEB DA XML 3.3 Lib tgAddress; GAEB 2000 `AG/Adresse`).
 */
import type { PartyInformationDto } from '../../core/model/types.js';

/** Name fields of a GAEB address. */
export const NAME_FIELDS = 4;

/** The address fields a GAEB address can hold. */
const ADDRESS_FIELDS = ['name', 'street', 'zipCode', 'city', 'country', 'email', 'phone', 'fax', 'contactPersonName'] as const;

/** True when the party has a non-blank address field (name, street, zip code, city, country, contact data). */
export const hasPartyData = (p: PartyInformationDto | undefined): p is PartyInformationDto =>
  !!p && ADDRESS_FIELDS.some((k) => {
    const v = p[k];
    return typeof v === 'string' && v.trim() !== '';
  });

/** The non-blank address fields of a party other than its name, by their model names (`street`, `city` …). */
export const addressFieldsBesideName = (p: PartyInformationDto | undefined): string[] =>
  ADDRESS_FIELDS.filter((k) => k !== 'name' && typeof p?.[k] === 'string' && (p[k] as string).trim() !== '');

/**
 * The lines for `Name1`–`Name4`: at most four, a fifth and later line joined into the fourth with blanks, so that no
 * word of the name is lost.
 * @param lines the name's lines, in order
 */
export function fitNameFields(lines: readonly string[]): string[] {
  return lines.length > NAME_FIELDS ? [...lines.slice(0, NAME_FIELDS - 1), lines.slice(NAME_FIELDS - 1).join(' ')] : [...lines];
}
