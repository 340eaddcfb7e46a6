/**
 * Bad input never fails with a 5xx on the routes from `sia`: our SIA 451 fixture, its fixed-width records damaged by
 * seeded random mutations (`mutateRecords`: characters replaced, fields shifted, lines removed, repeated, swapped or
 * cut, digits written over fields), goes through the conversion service as each route from `sia` runs it, with
 * random options; each mutation either converts or is refused with a GatewayError of status 4xx raised by the reader
 * or a writer itself — not a raw exception that the service's safety net had to turn into a 400.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { FormatRegistry } from '../../core/registry/format-registry.js';
import { convertMutatedInputs, everyRouteFrom } from '../support/mutations.js';
import { mutateRecords } from '../support/random.js';
import { fixture } from './support.js';


describe('mutated SIA 451 input', () => {
  it('schulhaus.01s: 300 mutations to every target convert or are refused with 4xx, never 5xx', async () => {
    const source = fixture('schulhaus.01s');
    const run = await convertMutatedInputs(20261127, 300, (next) => ({ bytes: mutateRecords(source, next), fileName: 'schulhaus.01s' }), everyRouteFrom('sia'));
    expect(run.crashes).toEqual([]);
    // Both outcomes occur: the mutations neither always break the file nor never touch what matters.
    expect(run.converted).toBeGreaterThan(0);
    expect(run.refused).toBeGreaterThan(0);
  });
});
