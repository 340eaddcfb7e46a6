/**
 * Ids of model objects: random RFC 4122 version 4 UUIDs in the canonical lower-case form, as
 * `crypto.randomUUID()` gives them.
 *
 * `crypto.randomUUID()` assembles its result from 2-character pieces, which leaves a rope of about a dozen
 * string nodes per id; a 20 MB file needs some 60,000 ids, so that is megabytes of heap the garbage collector
 * copies while the project is built. Here 1,024 ids at a time are rendered as ASCII into one buffer from one call
 * for random bytes (a call costs some 6 µs here whether it fills 2 or 16 kB), and each id is a plain 36-character
 * slice of that text.
 */
import { randomFillSync } from 'node:crypto';

const BATCH = 1024;
const HEX = new Uint8Array(512);
for (let i = 0; i < 256; i++) {
  const h = i.toString(16).padStart(2, '0');
  HEX[2 * i] = h.charCodeAt(0);
  HEX[2 * i + 1] = h.charCodeAt(1);
}

const random = Buffer.alloc(16 * BATCH);
const ascii = Buffer.alloc(36 * BATCH);
let batch = '';
let next = BATCH;

function refill(): void {
  randomFillSync(random);
  let k = 0;
  for (let u = 0; u < BATCH; u++) {
    const r = u * 16;
    random[r + 6] = (random[r + 6] & 0x0f) | 0x40; // version 4
    random[r + 8] = (random[r + 8] & 0x3f) | 0x80; // variant 10xx
    for (let b = 0; b < 16; b++) {
      if (b === 4 || b === 6 || b === 8 || b === 10) ascii[k++] = 45; // '-'
      const v = random[r + b];
      ascii[k++] = HEX[2 * v];
      ascii[k++] = HEX[2 * v + 1];
    }
  }
  batch = ascii.toString('latin1');
  next = 0;
}

/** A new random id, e.g. `"3b241101-e2bb-4255-8caf-4136c566a962"`. */
export function newId(): string {
  if (next === BATCH) refill();
  const at = 36 * next++;
  return batch.slice(at, at + 36);
}
