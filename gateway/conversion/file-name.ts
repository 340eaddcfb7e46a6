/**
 * The `Content-Disposition` header of a file response (RFC 6266): `attachment`, the file name as an ASCII
 * quoted-string (`filename`, §4.3: for clients that do not read the extended form) and in full as UTF-8
 * (`filename*`, RFC 8187 §3.2.1 ext-value). The name is the upload's base name (folders dropped) with the writer's
 * extension; characters outside letters, digits, `-_ .()` and German umlauts become `_`, and the base is cut to
 * {@link FILE_BASE_MAX_LENGTH} characters, the extension to {@link FILE_EXTENSION_MAX_LENGTH}, so that an upload's
 * name or a plugin's extension can neither break the header's quoting nor make the response headers larger than
 * proxies accept.
 */

/** Longest base name (characters) of a response's file name. */
export const FILE_BASE_MAX_LENGTH = 100;
/** Longest extension (characters, with its dot) of a response's file name. */
export const FILE_EXTENSION_MAX_LENGTH = 16;

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('');
const clean = (text: string) => text.replace(/[^\w\- .()äöüÄÖÜß]/g, '_');

/**
 * The response's file name.
 * @param input     the upload's file name as the client sent it (may hold a path), if any
 * @param sourceId  the source format, the base name when the upload has none (JSON bodies)
 * @param extension the writer's `fileExtension` (`.X83`); anything but a string counts as none
 */
export function outputFileName(input: string | undefined, sourceId: string, extension: unknown): string {
  const base = cut(clean((input ?? sourceId).replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '')), FILE_BASE_MAX_LENGTH) || sourceId;
  const ext = typeof extension === 'string' ? cut(clean(extension), FILE_EXTENSION_MAX_LENGTH) : '';
  return base + ext;
}

/** RFC 8187 §3.2.1 value-chars: attr-char as is, every other octet of the UTF-8 form percent-encoded. */
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The header value for a file name made by {@link outputFileName}. */
export function contentDisposition(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${extValue(name)}`;
}
