/**
 * Model ids: random version 4 UUIDs in the canonical form, as `crypto.randomUUID()` writes them.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '../../core/model/ids.js';
import { prepareProject } from '../../core/model/index.js';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('gives distinct version 4 UUIDs across many batches', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every hex digit in the random positions', () => {
    const digits = new Set(Array.from({ length: 300 }, () => newId()).join('').replace(/-/g, ''));
    expect([...digits].sort().join('')).toBe('0123456789abcdef');
  });

  it('fills the ids the normalisation creates', () => {
    const project = prepareProject({ serviceSpecifications: [{ elements: [{ elementTypeDiscriminator: 'Position', itemNumber: '1' }] }] });
    const position = project.serviceSpecifications![0].elements![0] as { id: string; itemNumber: { id: string } };
    for (const id of [project.id, project.serviceSpecifications![0].id, position.id, position.itemNumber.id]) expect(id).toMatch(V4);
  });
});
