/** The grant types the token endpoint offers: every registered grant plugin, by `grant_type`. */
import { injectAll, injectable } from 'tsyringe';
import { GRANT_PLUGIN } from '../di/tokens.js';
import type { GrantTypePlugin } from './grant-contract.js';

@injectable()
export class GrantRegistry {
  private readonly byType: ReadonlyMap<string, GrantTypePlugin>;

  constructor(@injectAll(GRANT_PLUGIN, { isOptional: true }) plugins: GrantTypePlugin[]) {
    this.byType = new Map((plugins ?? []).map((p) => [p.grantType, p]));
  }

  grant(grantType: string): GrantTypePlugin | undefined {
    return this.byType.get(grantType);
  }

  /** `grant_types_supported` for discovery. */
  grantTypes(): string[] {
    return [...this.byType.keys()];
  }
}
