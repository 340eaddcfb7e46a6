/** A small seeded pseudo-random generator (mulberry32) for reproducible property tests; returns [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYNTAX = '\\{}[]<>&;#\'"';

/** `bytes` with 1–20 seeded mutations: random bytes, syntax characters `\{}[]<>&;#'"`, copied ranges. */
export function mutateBytes(bytes: Buffer, next: () => number): Buffer {
  const b = Buffer.from(bytes);
  const at = () => Math.floor(next() * b.length);
  for (let k = 1 + Math.floor(next() * 20); k > 0; k--) {
    const r = next();
    if (r < 0.5) b[at()] = Math.floor(next() * 256);
    else if (r < 0.75) b[at()] = SYNTAX.charCodeAt(Math.floor(next() * SYNTAX.length));
    else b.copyWithin(at(), at(), at());
  }
  return b;
}
