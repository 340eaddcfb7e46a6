/**
 * The password rules of registration and reset: at least `auth.accounts.minimumPasswordLength` characters
 * (AVACloud 1.27's `RegisterPost.password` has `minLength: 10`, and 10 is the floor the configuration allows), at
 * most 256 (scrypt takes any length; the cap bounds the work an attacker can ask for), and not one of the common
 * passwords of zxcvbn-ts' `passwords-common` dictionary (@zxcvbn-ts/language-common; 49 233 passwords from leaked
 * password lists), compared ignoring case. NIST SP 800-63B §5.1.1.2 asks verifiers to refuse passwords "obtained
 * from previous breach corpuses" and "dictionary words", and not to impose composition rules, so there are none.
 */

/** Longest password accepted. */
export const MAXIMUM_PASSWORD_LENGTH = 256;

let common: Promise<ReadonlySet<string>> | undefined;

/** The common-password list, lower case (loaded once, on first use: the dictionary module is about 0.5 MB). */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return common;
}

/** Why the password is refused (English, for `ApiError.errors.password` and the reset page), or undefined. */
export async function passwordProblem(password: string, minimumLength: number): Promise<string | undefined> {
  const length = [...password].length;
  if (length < minimumLength) return `The password must have at least ${minimumLength} characters.`;
  if (length > MAXIMUM_PASSWORD_LENGTH) return `The password must have at most ${MAXIMUM_PASSWORD_LENGTH} characters.`;
  if ((await commonPasswords()).has(password.toLowerCase())) return 'The password is one of the most common passwords; choose another.';
  return undefined;
}
