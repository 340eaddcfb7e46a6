/**
 * The records a SIA 451 source kept on its service specification, as the reader stores them: B002 object outlines
 * (`siaObjectOutlines`: code, name), other B outlines (`siaSecondaryOutlines`: outline kind, code, text) and C
 * conditions (`siaConditions`: number, text, percentage). A posted ProjectDto may hold anything there, so each list
 * is checked as the normalisation checks the model's own fields (`core/model/normalize-fields.ts`): numbers and
 * booleans where a text belongs become texts, `null` counts as absent, anything else is refused naming its place.
 */
import { at, eachDto, fail, num, texts, type Obj } from '../../../core/model/normalize-fields.js';
import type { ServiceSpecificationDto } from '../../../core/model/types.js';

export interface ObjectOutline { code: string; name: string }
export interface SecondaryOutline { outline: string; code: string; text: string }
export interface Condition { number: string; text: string; percent?: number }

export interface KeptSiaRecords {
  objectOutlines: ObjectOutline[];
  secondaryOutlines: SecondaryOutline[];
  conditions: Condition[];
}

/**
 * A text member that must be there (after `texts`): an object outline without its code, or an outline without its
 * kind (`B001`), has no record to go in.
 */
function required(o: Obj, key: string, path: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v.trim() === '') fail(at(path, key), `${key} must be a non-empty string`);
  return v;
}

/**
 * @param spec the service specification written
 * @param path its JSON path, for messages (`serviceSpecifications[0]`)
 * @returns the kept records, empty lists where none were kept; text members left out are empty
 * @throws GatewayError GW_ERR_INPUT (400, key = the JSON path) for a list that is not an array of objects, a member
 *   of the wrong type, or an object outline without code or an outline without kind
 */
export function keptSiaRecords(spec: ServiceSpecificationDto, path: string): KeptSiaRecords {
  const owner = spec as unknown as Obj;
  const kept: KeptSiaRecords = { objectOutlines: [], secondaryOutlines: [], conditions: [] };
  eachDto(owner, 'siaObjectOutlines', path, (o, p) => {
    texts(o, p, ['code', 'name']);
    kept.objectOutlines.push({ code: required(o, 'code', p), name: (o.name as string | undefined) ?? '' });
  });
  eachDto(owner, 'siaSecondaryOutlines', path, (o, p) => {
    texts(o, p, ['outline', 'code', 'text']);
    kept.secondaryOutlines.push({ outline: required(o, 'outline', p), code: (o.code as string | undefined) ?? '', text: (o.text as string | undefined) ?? '' });
  });
  eachDto(owner, 'siaConditions', path, (o, p) => {
    texts(o, p, ['number', 'text']);
    num(o, 'percent', p);
    const percent = o.percent as number | undefined;
    kept.conditions.push({ number: (o.number as string | undefined) ?? '', text: (o.text as string | undefined) ?? '', ...(percent !== undefined ? { percent } : {}) });
  });
  return kept;
}
