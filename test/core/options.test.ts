import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPTION_GROUPS, OPTIONS } from '../../core/options/catalog.js';
import { querySchema, resolveOptions } from '../../core/options/resolve.js';
import { GatewayError } from '../../core/errors.js';
import { SHARED_DIR } from '../support/corpus.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

describe('option catalogue', () => {
  it('holds every option of the seed with its exact name, type and meaning, in the seed groups', () => {
    const dir = join(SHARED_DIR, 'seeds');
    if (!existsSync(dir)) return void console.warn('seed document not found: option names checked against the catalogue only');
    const seed = readFileSync(join(dir, readdirSync(dir).find((f) => f.startsWith('001_'))!), 'utf8');
    const rows = [...seed.matchAll(/^\| ([A-Z](?:, [A-Z])*) \| (\w+) \| (boolean|string) \| (.+) \|$/gm)];
    expect(rows.length).toBe(Object.keys(OPTIONS).length);
    for (const [, groups, name, type, meaning] of rows) {
      expect(OPTIONS[name], name).toBeDefined();
      expect(OPTIONS[name].type).toBe(type);
      expect(OPTIONS[name].description).toBe(meaning);
      for (const g of groups.split(', ')) expect(OPTION_GROUPS[g as keyof typeof OPTION_GROUPS]).toContain(name);
    }
  });

  it('declares defaults stated by the seed', () => {
    expect(OPTIONS.DestinationGaebType.default).toBe('GaebXml_V3_2');
    expect(OPTIONS.TargetExchangePhaseTransform.default).toBe('None');
    expect(OPTIONS.DestinationOenormType.default).toBe('Lv2015');
    expect(OPTIONS.WritePrices.default).toBe(true);
    expect(OPTIONS.WriteLongTexts.default).toBe(true);
    expect(OPTIONS.ExportQuantityDetermination.default).toBe(false);
  });
});

describe('resolveOptions', () => {
  it('fills defaults for every option of the groups', () => {
    expect(resolveOptions(['S', 'L'])).toEqual({ SupportSkippedItemNumberLevelsInPositions: false, RemovePlainTextLongTexts: false, RemoveHtmlLongTexts: false });
  });

  it('accepts booleans in any letter case and names case-insensitively', () => {
    const o = resolveOptions(['L', 'G'], { RemovePlainTextLongTexts: 'True', removehtmllongtexts: 'FALSE', ExportQuantityDetermination: 'tRuE' });
    expect(o.RemovePlainTextLongTexts).toBe(true);
    expect(o.RemoveHtmlLongTexts).toBe(false);
    expect(o.ExportQuantityDetermination).toBe(true);
  });

  it('canonicalises enum values and ignores parameters that are no option of the route', () => {
    const o = resolveOptions(['G'], { DestinationGaebType: 'gaebxml_v3_3', WritePrices: 'nonsense' });
    expect(o.DestinationGaebType).toBe('GaebXml_V3_3');
    expect(o).not.toHaveProperty('WritePrices');
  });

  it('rejects an unknown enum value naming the option and the allowed values', () => {
    try {
      resolveOptions(['G'], { TargetExchangePhaseTransform: 'Invoice' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(GatewayError);
      const e = err as GatewayError;
      expect(e.statusCode).toBe(400);
      expect(Object.keys(e.errors)).toEqual(['TargetExchangePhaseTransform']);
      expect(e.message).toContain('None, Base, OfferRequest, Offer, Grant, CostEstimate, SideOffer');
    }
  });

  it('rejects a malformed boolean', () => {
    expect(() => resolveOptions(['S'], { SupportSkippedItemNumberLevelsInPositions: 'yes' })).toThrow(/SupportSkippedItemNumberLevelsInPositions; allowed: true, false/);
  });

  it('builds one flat query schema (no allOf/$ref)', () => {
    const s = querySchema(['A', 'G']);
    expect(Object.keys(s.properties)).toEqual(['TryAutoGenerateItemNumbersAndSchema', ...OPTION_GROUPS.G]);
    expect(JSON.stringify(s)).not.toMatch(/allOf|\$ref/);
    expect(s.properties.DestinationGaebType.enum).toContain('GaebXml_V3_3_Commerce');
  });
});
