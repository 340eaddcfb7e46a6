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

/** Why a password is refused; `limit` is the length bound broken. */
export type PasswordProblem = { rule: 'passwordTooShort' | 'passwordTooLong'; limit: number } | { rule: 'passwordCommon' };

/** Why the password is refused, or undefined. Lengths count code points. */
export async function checkPassword(password: string, minimumLength: number): Promise<PasswordProblem | undefined> {
  const length = [...password].length;
  if (length < minimumLength) return { rule: 'passwordTooShort', limit: minimumLength };
  if (length > MAXIMUM_PASSWORD_LENGTH) return { rule: 'passwordTooLong', limit: MAXIMUM_PASSWORD_LENGTH };
  if ((await commonPasswords()).has(password.toLowerCase())) return { rule: 'passwordCommon' };
  return undefined;
}
