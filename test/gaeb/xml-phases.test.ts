/**
 * GAEB DA XML exchange phases outside 81–86 (issue 10 item 4): X80 (BoQ for catalogues) and X87 (order
 * confirmation) keep their DP through `gaeb` → `gaeb` (field `gaebExchangePhase`) wherever the target can hold it,
 * and every other target reports the change (GAEB_PHASE_CHANGED); invoices X89/X89B are read with their billed
 * quantities (`BillQty`) and prices. Fixtures: test/fixtures/gaeb/phases (hand-written, validated against the
 * corpus XSDs where the corpus has them).
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../core/errors.js';
import { DP_BY_EXCHANGE_PHASE, type PositionDto, type ProjectDto } from '../../core/model/types.js';
import { outputBytes } from '../../core/plugin/contract.js';
import { resolveOptions } from '../../core/options/resolve.js';
import { ConversionService } from '../../core/pipeline/convert.js';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { avaPlugin } from '../../plugins/ava/index.js';
import { gaebPlugin } from '../../plugins/gaeb/index.js';
import { hasGaebSchema, validateGaebXml, type GaebSchemaVersion } from '../support/xsd.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb', 'phases');
const fixture = (name: string) => readFileSync(join(DIR, name));
const registry = new FormatRegistry([gaebPlugin, avaPlugin]);
const service = new ConversionService();

/** Every DestinationGaebType the gateway writes (Gaeb2000Commerce is declared but not available: a 400 of its own). */
const DESTINATIONS = ['Gaeb90', 'Gaeb2000', 'GaebXml_V3_1', 'GaebXml_V3_2', 'GaebXml_V3_3', 'GaebXml_V3_2_Commerce', 'GaebXml_V3_3_Commerce'];
const XML_VERSION: Record<string, GaebSchemaVersion> = { GaebXml_V3_1: '3.1', GaebXml_V3_2: '3.2', GaebXml_V3_3: '3.3' };

async function convert(source: string, target: string, bytes: Buffer, options: Record<string, unknown> = {}) {
  const route = registry.route(source, target);
  const { output, messages } = await service.convert(route, { bytes }, resolveOptions(route.optionGroups, options), (err) => {
    throw err;
  });
  return { bytes: outputBytes(output), messages, extension: output.fileExtension };
}

async function toProject(bytes: Buffer): Promise<{ project: ProjectDto; messages: readonly ConversionMessage[] }> {
  const r = await convert('gaeb', 'ava', bytes);
  return { project: JSON.parse(r.bytes.toString('utf8')) as ProjectDto, messages: r.messages };
}

function positions(project: ProjectDto): PositionDto[] {
  const out: PositionDto[] = [];
  const walk = (els: readonly unknown[] | undefined) => {
    for (const e of (els ?? []) as { elementTypeDiscriminator?: string; elements?: unknown[] }[]) {
      if (e.elementTypeDiscriminator === 'PositionDto') out.push(e as PositionDto);
      walk(e.elements);
    }
  };
  for (const s of project.serviceSpecifications ?? []) walk(s.elements);
  return out;
}

const facts = (project: ProjectDto) =>
  positions(project).map((p) => ({ number: p.itemNumber?.stringRepresentation, qty: p.quantity, up: p.unitPrice, total: p.totalPrice, unit: p.unitTag }));

/** The DP a read-back project states: the kept one, else the model phase's. */
const dpOf = (project: ProjectDto): string | undefined => {
  const spec = project.serviceSpecifications?.[0];
  return (spec?.gaebExchangePhase as string | undefined) ?? DP_BY_EXCHANGE_PHASE[spec?.exchangePhase ?? 'Undefined'];
};

const DP_TAG = /<(?:\w+:)?DP>([^<]*)</;

describe('fixtures are valid against the 3.3 phase XSDs (skipped when the corpus lacks the schema)', () => {
  for (const [file, dp] of [['catalogue-v33.x80', '80'], ['confirmation-v33.x87', '87'], ['invoice-v33.x89', '89'], ['invoice-v33.x89b', '89B']]) {
    it.skipIf(!hasGaebSchema('3.3', dp))(`${file} (X${dp})`, () => {
      expect(validateGaebXml(fixture(file), '3.3', dp).errors).toEqual([]);
    });
  }
});

describe('X80 and X87 read in full, the DP kept', () => {
  for (const [file, dp] of [['catalogue-v33.x80', '80'], ['confirmation-v33.x87', '87']] as const) {
    it(`${file}: items, quantities, prices and totals; exchangePhase Undefined, gaebExchangePhase ${dp}`, async () => {
      const { project } = await toProject(fixture(file));
      const spec = project.serviceSpecifications![0];
      expect(spec.exchangePhase).toBe('Undefined');
      expect(spec.gaebExchangePhase).toBe(dp);
      expect(facts(project)).toEqual([
        { number: '01.0010', qty: 10, up: 20.5, total: 205, unit: 'm3' },
        { number: '01.0020', qty: 60, up: 4, total: 240, unit: 'm2' },
      ]);
      expect(spec.totalPrice).toBe(445);
    });
  }
});

describe('X80 and X87 through every DestinationGaebType and back: the phase kept or reported', () => {
  // Which targets can hold which DP: DA XML 3.2/3.3 have schemas (namespaces DA80/DA87) for both; the 3.1 schema's
  // Award/DP enumerates 81–87; GAEB 90, GAEB 2000 and the trade documents take 81–86 only.
  const keeps: Record<string, readonly string[]> = { GaebXml_V3_1: ['87'], GaebXml_V3_2: ['80', '87'], GaebXml_V3_3: ['80', '87'] };
  const nearest: Record<string, string> = { '80': '82', '87': '86' };
  for (const [file, dp] of [['catalogue-v33.x80', '80'], ['confirmation-v33.x87', '87']] as const) {
    for (const type of DESTINATIONS) {
      it(`${file} → ${type}`, async () => {
        const source = await toProject(fixture(file));
        const out = await convert('gaeb', 'gaeb', fixture(file), { DestinationGaebType: type });
        const back = await toProject(out.bytes);
        const changed = out.messages.filter((m) => m.code === 'GAEB_PHASE_CHANGED');
        if (keeps[type]?.includes(dp)) {
          expect(changed).toEqual([]);
          expect(out.extension).toBe(`.X${dp}`);
          expect(DP_TAG.exec(out.bytes.toString('utf8'))?.[1]).toBe(dp);
          expect(dpOf(back.project)).toBe(dp);
        } else {
          expect(changed).toHaveLength(1);
          expect(changed[0].message).toContain(`DP ${dp} cannot be written as ${type}`);
          expect(changed[0].message).toContain(`written as DP ${nearest[dp]}`);
        }
        const version = XML_VERSION[type];
        if (version && hasGaebSchema(version, keeps[type]?.includes(dp) ? dp : nearest[dp])) {
          expect(validateGaebXml(out.bytes, version, keeps[type]?.includes(dp) ? dp : nearest[dp]).errors).toEqual([]);
        }
        // Item numbers, quantities and units survive every target; prices wherever the written phase carries them.
        const strip = (f: ReturnType<typeof facts>) => f.map(({ number, qty, unit }) => ({ number, qty, unit }));
        expect(strip(facts(back.project))).toEqual(strip(facts(source.project)));
        if (!out.messages.some((m) => /PRICES_DROPPED/.test(m.code))) expect(facts(back.project)).toEqual(facts(source.project));
      });
    }
  }

  it('TargetExchangePhaseTransform replaces the kept DP without a phase message', async () => {
    const out = await convert('gaeb', 'gaeb', fixture('confirmation-v33.x87'), { DestinationGaebType: 'GaebXml_V3_3', TargetExchangePhaseTransform: 'Offer' });
    expect(DP_TAG.exec(out.bytes.toString('utf8'))?.[1]).toBe('84');
    expect(out.messages.map((m) => m.code)).not.toContain('GAEB_PHASE_CHANGED');
  });

  it('a model phase set by the caller (ava) wins over the kept DP', async () => {
    const { project } = await toProject(fixture('catalogue-v33.x80'));
    project.serviceSpecifications![0].exchangePhase = 'OfferRequest';
    const route = registry.route('ava', 'gaeb');
    const { output } = await service.convert(route, { value: project }, resolveOptions(route.optionGroups, { DestinationGaebType: 'GaebXml_V3_3' }));
    expect(DP_TAG.exec(outputBytes(output).toString('utf8'))?.[1]).toBe('83');
  });
});

describe('invoices X89 / X89B', () => {
  for (const [file, dp] of [['invoice-v33.x89', '89'], ['invoice-v33.x89b', '89B']] as const) {
    it(`${file}: BoQ items with the billed quantities, prices and totals`, async () => {
      const { project, messages } = await toProject(fixture(file));
      const spec = project.serviceSpecifications![0];
      expect(spec.gaebExchangePhase).toBe(dp);
      expect(spec.bidder?.name).toBe('Bau GmbH');
      expect(facts(project)).toEqual([
        { number: '01.0010', qty: 8, up: 20.5, total: 164, unit: 'm3' },
        { number: '01.0020', qty: 32.25, up: 4, total: 129, unit: 'm2' },
      ]);
      expect(spec.totalPrice).toBe(293);
      expect(messages).toContainEqual(expect.objectContaining({ code: 'GAEB_INVOICE_BILLED_QUANTITY', message: expect.stringContaining(`DP ${dp}`) }));
    });

    for (const type of DESTINATIONS) {
      it(`${file} → ${type}: written as DP 86 and reported`, async () => {
        const out = await convert('gaeb', 'gaeb', fixture(file), { DestinationGaebType: type });
        expect(out.messages).toContainEqual(expect.objectContaining({
          code: 'GAEB_PHASE_CHANGED', message: expect.stringContaining(`DP ${dp} cannot be written as ${type}; the file was written as DP 86`),
        }));
        const back = await toProject(out.bytes);
        expect(facts(back.project).map(({ number, qty, unit }) => ({ number, qty, unit }))).toEqual([
          { number: '01.0010', qty: 8, unit: 'm3' },
          { number: '01.0020', qty: 32.25, unit: 'm2' },
        ]);
      });
    }
  }

  it('an invoice without a BoQ is a 400 naming its phase', async () => {
    const bytes = Buffer.from('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA89/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo><Invoice><DP>89</DP><InvoiceHeader/></Invoice></GAEB>');
    const err = await convert('gaeb', 'ava', bytes).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).statusCode).toBe(400);
    expect((err as GatewayError).message).toContain('invoice (DP 89) holds no BoQ items');
  });
});
