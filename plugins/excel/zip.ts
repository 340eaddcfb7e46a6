/**
 * The ZIP container of an xlsx package (PKWARE APPNOTE.TXT 6.3.10: §4.3.7 local file header, §4.3.12 central
 * directory header, §4.3.16 end of central directory), read and written with Node's native zlib. xlsx-populate
 * packs and unpacks through JSZip, whose deflate and inflate are JavaScript (pako); the plugin lets JSZip only
 * store (method 0) and does the compression here — measured on the 10,000-position benchmark, pako's deflate
 * alone took a fifth of the writer's time (test/bench/excel.ts).
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const STORE = 0;
const DEFLATE = 8;
/** 1980-01-01, the first date MS-DOS dates can hold (§4.4.6): the package carries no file times. */
const DOS_DATE = (1 << 5) | 1;

/** An entry as the central directory declares it. */
export interface DeclaredEntry {
  name: string;
  /** Declared uncompressed size; Infinity for ZIP64 sizes (0xFFFFFFFF, APPNOTE §4.5.3). */
  uncompressed: number;
  compressed: number;
  method: number;
  localHeader: number;
  /** Offset of the entry's central directory record. */
  centralHeader: number;
}

/** The central directory's entries, or undefined when it is missing or malformed. */
export function centralDirectory(bytes: Buffer): DeclaredEntry[] | undefined {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: DeclaredEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    const size = bytes.readUInt32LE(at + 24);
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      uncompressed: size === 0xffffffff ? Infinity : size,
      compressed: bytes.readUInt32LE(at + 20),
      method: bytes.readUInt16LE(at + 10),
      localHeader: bytes.readUInt32LE(at + 42),
      centralHeader: at,
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The stored (possibly compressed) bytes of an entry, or undefined when its local header is not where declared. */
function storedBytes(bytes: Buffer, e: DeclaredEntry): Buffer | undefined {
  if (e.localHeader + 30 > bytes.length || bytes.readUInt32LE(e.localHeader) !== LOCAL) return undefined;
  const start = e.localHeader + 30 + bytes.readUInt16LE(e.localHeader + 26) + bytes.readUInt16LE(e.localHeader + 28);
  return bytes.subarray(start, start + e.compressed);
}

/**
 * An entry's content, inflated with its declared size as the output limit.
 * @throws RangeError when it inflates to more than it declares; Error when it is damaged or of another method
 */
export function entryContent(bytes: Buffer, e: DeclaredEntry): Buffer {
  const stored = storedBytes(bytes, e);
  if (!stored) throw new Error(`the local header of ${e.name} is missing`);
  if (e.method === STORE) return stored;
  if (e.method !== DEFLATE) throw new Error(`${e.name} uses compression method ${e.method}`);
  return inflateRawSync(stored, { maxOutputLength: Math.max(e.uncompressed, 1) });
}

/** A ZIP of the given entries (deflated natively, or stored), in order. */
export function writeZip(entries: readonly { name: string; data: Buffer }[], method: 'deflate' | 'store'): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    // Level 1: the parts are XML and base64 (embedded.ts), where higher levels search long for little gain.
    const packed = method === 'deflate' ? deflateRawSync(data, { level: constants.Z_BEST_SPEED }) : data;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8 (§4.4.4 bit 11)
    local.writeUInt16LE(method === 'deflate' ? DEFLATE : STORE, 8);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(method === 'deflate' ? DEFLATE : STORE, 10);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    chunks.push(local, nameBytes, packed);
    central.push(header, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}
