/**
 * The e-mail address of a registration: exactly one mailbox, so that the address the store keeps unique is the one
 * mail goes to. Accepted is an RFC 5322 §3.4.1 `addr-spec` in its dot-atom form (atext of RFC 5322 §3.2.3, plus
 * the non-ASCII characters of RFC 6531 §3.3 other than spaces and Unicode category C), `@`, and a domain of at
 * least two labels of letters, digits and inner hyphens (RFC 1035 §2.3.1; IDN U-labels, RFC 5890); local part at
 * most 64 characters, the whole at most 254 (RFC 5321 §4.5.3.1.1, §4.5.3.1.3). Quoted local parts, comments,
 * domain literals, display names (`Name <a@b.example>`) and lists (`a@b.example,c`) are refused: mail
 * libraries send to the mailbox inside such text, not to the text the uniqueness check compared.
 *
 * The address is kept in Unicode NFKC, the form user names and e-mail addresses are compared in
 * (core/stores/user-store.ts `normaliseIdentifier`), so mail goes to the address that was checked: a full-width
 * `ｖｉｃｔｉｍ@example.org` cannot hold `victim@example.org` while its mail goes elsewhere.
 */

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\\u0000-\\u007f\\p{C}\\p{Z}]";
const ATOM = `(?:${ATEXT})+`;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
const ADDR_SPEC = new RegExp(`^(?<local>${ATOM}(?:\\.${ATOM})*)@${LABEL}(?:\\.${LABEL})+$`, 'u');

/** What the `email` field must be (the 400 message). */
export const EMAIL_RULE = 'email must be one e-mail address, name@domain.tld (no display name, quotes or list), at most 254 characters.';

/** The address in NFKC when `value` is one acceptable address, else undefined. */
export function emailAddress(value: string): string | undefined {
  const address = value.normalize('NFKC');
  const local = ADDR_SPEC.exec(address)?.groups?.local;
  return local !== undefined && [...local].length <= 64 && [...address].length <= 254 ? address : undefined;
}
