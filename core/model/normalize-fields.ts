/**
 * Field-level coercion used by the normalisation (`normalize.ts`): each helper checks one property of a DTO in
 * place, applies its default, converts tolerated spellings, and throws a 400 naming the JSON path otherwise.
 *
 * Source: AVACloud 1.27.4 API conventions (Dangl-IT/avacloud-client-python, API_README.md, docs) (partial input accepted, server fills defaults) and avacloud_client_python/models (enums).
 */
import { GatewayError } from '../errors.js';
import { DECIMAL_MAX, DECIMAL_MAX_TEXT } from './decimal.js';
import { newId } from './ids.js';

export type Obj = Record<string, unknown>;

/** Error key used for the request body itself (the service's parameter name). */
export const ROOT_KEY = 'avaProject';

const NUMERIC_STRING = /^\s*[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?\s*$/;
const enumLookups = new WeakMap<readonly string[], Map<string, string>>();

export const at = (path: string, key: string): string => (path ? `${path}.${key}` : key);

export function fail(path: string, message: string): never {
  throw new GatewayError('GW_ERR_INPUT', message, path || ROOT_KEY);
}

export function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
}

export const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Renames PascalCase keys (`Id`, `ShortText`, as older servers emit them) to camelCase; camelCase wins on clashes.
 * An object is taken as PascalCase when its first key is (serialisers write one convention throughout).
 */
export function camelKeys(o: Obj): void {
  let first: string | undefined;
  for (const k in o) {
    first = k;
    break;
  }
  if (first === undefined) return;
  const c0 = first.charCodeAt(0);
  if (c0 < 65 || c0 > 90) return;
  for (const k of Object.keys(o)) {
    const c = k.charCodeAt(0);
    if (c < 65 || c > 90) continue;
    const camel = k[0].toLowerCase() + k.slice(1);
    if (!(camel in o)) o[camel] = o[k];
    delete o[k];
  }
}

export function asDto(value: unknown, path: string): Obj {
  if (!isObject(value)) fail(path, `${path || 'The project'} must be an object, got ${describe(value)}`);
  camelKeys(value);
  return value;
}

export function child(o: Obj, key: string, path: string): Obj | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (v === null) {
    delete o[key];
    return undefined;
  }
  return asDto(v, at(path, key));
}

export function list(o: Obj, key: string, path: string, create = false): unknown[] | undefined {
  const v = o[key];
  if (Array.isArray(v)) return v;
  if (v === undefined || v === null) {
    if (create) return (o[key] = []);
    if (v === null) delete o[key];
    return undefined;
  }
  return fail(at(path, key), `${key} must be an array, got ${describe(v)}`);
}

/** A finite number within ±{@link DECIMAL_MAX} (the .NET `decimal` range of AVACloud's model). */
const inRange = (v: number): boolean => v <= DECIMAL_MAX && v >= -DECIMAL_MAX;

/**
 * Checks a number field: numeric strings (`"12.5"`, `"12,5"`) are converted, `null` is dropped; a number beyond
 * ±79228162514264337593543950335 (the .NET `decimal` range AVACloud's model holds; `1e400` as a string, too) fails,
 * as its products would leave the range of a JSON number.
 */
export function num(o: Obj, key: string, path: string): void {
  const v = o[key];
  if ((typeof v === 'number' && inRange(v)) || v === undefined) return;
  if (v === null) {
    delete o[key];
    return;
  }
  const numeric = typeof v === 'string' && NUMERIC_STRING.test(v);
  const n = numeric ? Number(v.trim().replace(',', '.')) : typeof v === 'number' ? v : NaN;
  if (Number.isNaN(n)) fail(at(path, key), `${key} must be a number, got ${describe(v)}`);
  if (!inRange(n)) {
    fail(at(path, key), `${key} must be a number from -${DECIMAL_MAX_TEXT} to ${DECIMAL_MAX_TEXT}, got ${describe(v)}`);
  }
  o[key] = n;
}

/** Checks a whole-number field within `min`..`max` (int32 by default). */
export function int(o: Obj, key: string, path: string, min = -2147483648, max = 2147483647): void {
  num(o, key, path);
  const v = o[key];
  if (v !== undefined && !(Number.isInteger(v) && (v as number) >= min && (v as number) <= max)) {
    fail(at(path, key), `${key} must be a whole number from ${min} to ${max}, got ${describe(v)}`);
  }
}

/** Checks a boolean field: `"true"`/`"false"` and 1/0 are converted, `null` is dropped. */
export function flag(o: Obj, key: string, path: string): void {
  const v = o[key];
  if (typeof v === 'boolean' || v === undefined) return;
  if (v === null) delete o[key];
  else if (v === 'true' || v === 'True' || v === 1) o[key] = true;
  else if (v === 'false' || v === 'False' || v === 0) o[key] = false;
  else fail(at(path, key), `${key} must be true or false, got ${describe(v)}`);
}

export function flags(o: Obj, path: string, keys: readonly string[]): void {
  for (const key of keys) flag(o, key, path);
}

export function text(o: Obj, key: string, path: string): void {
  const v = o[key];
  if (typeof v === 'string' || v === undefined) return;
  if (v === null) delete o[key];
  else if (typeof v === 'number' || typeof v === 'boolean') o[key] = String(v);
  else fail(at(path, key), `${key} must be a string, got ${describe(v)}`);
}

export function texts(o: Obj, path: string, keys: readonly string[]): void {
  for (const key of keys) text(o, key, path);
}

/** Checks an enum field: any letter case or the value's index is accepted and canonicalised; `null` is dropped. */
export function choice(o: Obj, key: string, path: string, values: readonly string[]): void {
  const v = o[key];
  if (v === undefined) return;
  if (typeof v === 'string') {
    for (let i = 0; i < values.length; i++) if (values[i] === v) return;
    let lookup = enumLookups.get(values);
    if (!lookup) enumLookups.set(values, (lookup = new Map(values.map((value) => [value.toLowerCase(), value]))));
    const canonical = lookup.get(v.toLowerCase());
    if (canonical !== undefined) {
      o[key] = canonical;
      return;
    }
  } else if (v === null) {
    delete o[key];
    return;
  } else if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < values.length) {
    o[key] = values[v];
    return;
  }
  fail(at(path, key), `${key} ${describe(v)} is not one of ${values.join(', ')}`);
}

// What `text`, `num` and `flag` leave as it is: hot paths test these first and call the helper (which converts,
// drops `null` or fails) only for other values, so a field that is already fine costs one named property read.

/** A value `text` keeps as it is: a string or undefined. */
export const isText = (v: unknown): boolean => typeof v === 'string' || v === undefined;
/** A value `num` keeps as it is: a number within the .NET `decimal` range or undefined. */
export const isNum = (v: unknown): boolean => (typeof v === 'number' && inRange(v)) || v === undefined;
/** A value `flag` keeps as it is: a boolean or undefined. */
export const isFlag = (v: unknown): boolean => typeof v === 'boolean' || v === undefined;

export function ensureId(o: Obj, path: string): void {
  const v = o.id;
  if (typeof v === 'string' && v !== '') return;
  if (v === undefined || v === null || v === '') o.id = newId();
  else if (typeof v === 'number') o.id = String(v);
  else fail(at(path, 'id'), `id must be a string, got ${describe(v)}`);
}

export function eachDto(o: Obj, key: string, path: string, visit: (item: Obj, itemPath: string) => void, create = false): void {
  const items = list(o, key, path, create);
  if (!items) return;
  const base = at(path, key);
  for (let i = 0; i < items.length; i++) {
    const itemPath = `${base}[${i}]`;
    visit(asDto(items[i], itemPath), itemPath);
  }
}

