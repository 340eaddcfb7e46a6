/**
 * The token service's signing keys over time: which key signs now per algorithm, which public keys the JWKS
 * publishes and which key verifies a given `kid` (RFC 7515 §4.1.4; key rollover as in https://docs.duendesoftware.com/identityserver/fundamentals/key-management/: `kid` on every JWS;
 * publish the next key before it signs; keep old keys until the tokens they signed have expired).
 *
 * Timeline of one key (epoch seconds, `now()` evaluated at every call):
 * ```
 *   loaded ──── published ("next") ──── notBefore ──── signs ──── retiredAt ──── published ──── retiredAt + maxTokenLifetime ──── gone
 * ```
 * Sources: RFC 7517 (JWK, JWK Set), RFC 7638 (thumbprint kid), RFC 7518 §3.3 (RS256) / §3.4 (ES256);
 * the rotation phases follow Duende IdentityServer's announce/retire and oidc-provider's JWKS rotation recipe.
 *
 * Keys are imported once at load as `KeyObject`s and the same objects are returned on every call: jose caches
 * its conversion per object, so signing never re-imports a key (jose `importJWK`/`importPKCS8` return a reusable `CryptoKey`, https://github.com/panva/jose/blob/main/docs).
 */
import type { KeyObject } from 'node:crypto';
import { resolve } from 'node:path';
import type { JWK } from 'jose';
import type { AuthConfig } from '../config.js';
import { GatewayError } from '../../errors.js';
import { ensureDevelopmentKeys } from './dev-keys.js';
import { keyConfigError, loadConfiguredKey, SIGNING_ALGS, type LoadedKey, type SigningAlg } from './load.js';

/** One signing key in the ring. */
export interface SigningKey {
  /** Key id: the JWS header `kid` and the JWK's `kid`. */
  kid: string;
  alg: SigningAlg;
  /** Private key for jose `SignJWT#sign` / `crypto.sign`; the same object on every call. */
  privateKey: KeyObject;
  /** Public JWK with `kid`, `alg`, `use: 'sig'` (frozen). */
  publicJwk: JWK;
  /** Epoch seconds from which the key signs (0 = always). */
  notBefore: number;
  /** Epoch seconds from which the key no longer signs; it stays published `maxTokenLifetime` seconds longer. */
  retiredAt?: number;
}

export interface KeyRingOptions {
  /** Clock, epoch seconds (tests pass a fake). Default: `Math.floor(Date.now() / 1000)`. */
  now?: () => number;
  /** Directory relative key files and `developmentKeyDir` are resolved against. Default: `process.cwd()`. */
  baseDir?: string;
  /**
   * Whether development keys may be generated or reused when no RS256 key is configured. Default true; false in
   * production, where a missing RS256 key stops start-up instead.
   */
  developmentKeys?: boolean;
}

/** How long a retired key stays published until the token service sets the real value: one day, seconds. */
export const DEFAULT_MAX_TOKEN_LIFETIME = 86_400;

interface Entry extends SigningKey {
  publicKey: KeyObject;
  /** Where the key came from, for messages (`auth.keys.signing[1]`, `development key /…/signing-rs256.pem`). */
  label: string;
}

const defaultNow = () => Math.floor(Date.now() / 1000);

/** ISO date-time → epoch seconds. @throws GatewayError GW_ERR_CONFIG for text `Date.parse` rejects */
function epochSeconds(value: string, label: string, field: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw keyConfigError(label, `${field} ${JSON.stringify(value)} is not an ISO date-time`);
  return Math.floor(ms / 1000);
}

export class KeyRing {
  private maxTokenLifetime = DEFAULT_MAX_TOKEN_LIFETIME;
  private readonly byKid: ReadonlyMap<string, Entry>;

  private constructor(
    private readonly entries: readonly Entry[],
    private readonly now: () => number,
    /** True when keys were generated/reused in `developmentKeyDir` (no RS256 key configured; never in production). */
    readonly usesDevelopmentKeys: boolean,
  ) {
    this.byKid = new Map(entries.map((e) => [e.kid, e]));
  }

  /**
   * Loads the configured keys (`auth.keys.signing`, each PEM / PEM file / JWK / PKCS#12) and, when none of
   * them is RS256, development keys from `developmentKeyDir` (generated at first start) for RS256 and for
   * ES256 unless an ES256 key is configured.
   * @throws GatewayError GW_ERR_CONFIG `auth.keys.signing[i]: …` for a bad entry (unreadable file, wrong
   *         password, algorithm mismatch, RSA < 2048 bits, public-only key, bad date, retiredAt ≤ notBefore,
   *         a kid already used by an earlier entry), `auth.keys.signing: …` when no RS256 key signs at load
   *         time (id tokens need one) or when none is configured and `developmentKeys` is false,
   *         `auth.keys.developmentKeyDir: …` when development keys cannot be kept
   */
  static async load(config: AuthConfig['keys'], opts: KeyRingOptions = {}): Promise<KeyRing> {
    const now = opts.now ?? defaultNow;
    const baseDir = opts.baseDir ?? process.cwd();
    const entries: Entry[] = [];
    const add = (key: LoadedKey, notBefore: number, retiredAt: number | undefined, label: string) => {
      const twin = entries.find((e) => e.kid === key.kid);
      if (twin) throw keyConfigError(label, `kid ${JSON.stringify(key.kid)} is already used by ${twin.label} (the same key twice, or the same configured kid); key ids must be unique`);
      const { kid, alg, privateKey, publicKey, publicJwk } = key;
      entries.push(Object.freeze({ kid, alg, privateKey, publicKey, publicJwk, notBefore, ...(retiredAt === undefined ? {} : { retiredAt }), label }));
    };

    for (const [i, c] of config.signing.entries()) {
      const label = `auth.keys.signing[${i}]`;
      const notBefore = c.notBefore === undefined ? 0 : epochSeconds(c.notBefore, label, 'notBefore');
      const retiredAt = c.retiredAt === undefined ? undefined : epochSeconds(c.retiredAt, label, 'retiredAt');
      if (retiredAt !== undefined && retiredAt <= notBefore) throw keyConfigError(label, `retiredAt (${c.retiredAt}) is not after notBefore (${c.notBefore ?? 'none'}); the key would never sign`);
      add(await loadConfiguredKey(c, label, baseDir), notBefore, retiredAt, label);
    }

    const configured = new Set(entries.map((e) => e.alg));
    let development = false;
    if (!configured.has('RS256')) {
      if (opts.developmentKeys === false) {
        throw keyConfigError('auth.keys.signing', 'production mode needs configured signing keys (at least one RS256 key: pem, pemFile, jwk or pkcs12File); development keys are refused');
      }
      const dir = resolve(baseDir, config.developmentKeyDir);
      const algs = SIGNING_ALGS.filter((a) => !configured.has(a));
      for (const key of await ensureDevelopmentKeys(dir, algs)) add(key, 0, undefined, `development key ${key.file}`);
      development = true;
    }

    const ring = new KeyRing(entries, now, development);
    if (!ring.current('RS256')) {
      throw keyConfigError('auth.keys.signing', `no RS256 key signs now (every RS256 entry has notBefore in the future or is retired); id tokens need one`);
    }
    return ring;
  }

  /** The active key for `alg` at `t`: newest `notBefore ≤ t` not retired at `t`; ties go to the earlier entry. */
  private current(alg: SigningAlg, t = this.now()): Entry | undefined {
    let best: Entry | undefined;
    for (const e of this.entries) {
      if (e.alg !== alg || e.notBefore > t || (e.retiredAt !== undefined && t >= e.retiredAt)) continue;
      if (!best || e.notBefore > best.notBefore) best = e;
    }
    return best;
  }

  private published(e: Entry, t: number): boolean {
    return e.retiredAt === undefined || t < e.retiredAt + this.maxTokenLifetime;
  }

  /**
   * The key that signs now for `alg`: the newest whose `notBefore ≤ now` and not retired (`now < retiredAt`).
   * @throws GatewayError GW_ERR_CONFIG (an `Error`, status 500) when no such key exists (e.g. all ES256 keys retired)
   */
  signingKey(alg: SigningAlg): SigningKey {
    const e = this.current(alg);
    if (!e) throw new GatewayError('GW_ERR_CONFIG', `auth.keys.signing: no ${alg} signing key is active now`, 'config');
    return e;
  }

  /**
   * Public key to verify a JWS whose header has this `kid`: current, next (not yet active) or retired but still
   * published. `undefined` for unknown kids and for retired keys past `retiredAt + maxTokenLifetime`.
   * The same `KeyObject` on every call (jose caches its conversion per object).
   */
  verificationKey(kid: string): KeyObject | undefined {
    const e = this.byKid.get(kid);
    return e && this.published(e, this.now()) ? e.publicKey : undefined;
  }

  /**
   * The JWK Set (RFC 7517 §5) for `jwks_uri`: every published key — current, not yet active (next), and retired
   * ones until `retiredAt + maxTokenLifetime` — each with `kid`, `alg`, `use: 'sig'` and public members only.
   * Keys that sign now come first (RS256, then ES256), the rest in configuration order. Fresh copies.
   */
  jwks(): { keys: JWK[] } {
    const t = this.now();
    const active = SIGNING_ALGS.map((a) => this.current(a, t)).filter((e): e is Entry => e !== undefined);
    const rest = this.entries.filter((e) => !active.includes(e) && this.published(e, t));
    return { keys: [...active, ...rest].map((e) => ({ ...e.publicJwk })) };
  }

  /**
   * Seconds a retired key stays published after `retiredAt`: the longest lifetime of a token it may have
   * signed (the token service passes the largest access/identity token lifetime of the clients).
   * @throws RangeError for a negative or non-finite value
   */
  setMaxTokenLifetime(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`maxTokenLifetime must be a non-negative number of seconds, got ${seconds}`);
    this.maxTokenLifetime = Math.ceil(seconds);
  }

  /** Algorithms with a signing key now, RS256 first (discovery `id_token_signing_alg_values_supported`). */
  algorithms(): SigningAlg[] {
    const t = this.now();
    return SIGNING_ALGS.filter((a) => this.current(a, t) !== undefined);
  }
}
