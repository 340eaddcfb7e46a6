/** A pino destination for tests: every log line the app writes, parsed (pino writes one JSON object per line). */
import { Writable } from 'node:stream';

export function logLines<T = Record<string, unknown>>(): { stream: Writable; lines: T[] } {
  const lines: T[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as T);
      done();
    },
  });
  return { stream, lines };
}
