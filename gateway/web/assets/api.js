// The gateway's HTTP interface as the page uses it: the conversion routes and their options read from the
// OpenAPI document (so routes and options of a newly installed plugin appear without a change to the page),
// source detection, and one conversion as an XMLHttpRequest (the only browser API that reports upload progress).
import { noteDpopNonce } from './dpop.js';

const ROUTE_PATH = /^\/conversion\/([a-z0-9-]+)\/([a-z0-9-]+)$/;
const SUMMARY = /^Converts (.+) to (.+)$/;

/**
 * The conversion routes of the OpenAPI document: `{ source, target, sourceName, targetName, path, inputField?,
 * json, options: [{ name, type, default, enum?, description }] }`, in the document's order.
 */
export function routesOf(document) {
  const routes = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const match = ROUTE_PATH.exec(path);
    const operation = item?.post;
    if (!match || !operation) continue;
    const content = operation.requestBody?.content ?? {};
    const multipart = content['multipart/form-data']?.schema?.properties;
    const names = SUMMARY.exec(operation.summary ?? '');
    routes.push({
      source: match[1], target: match[2], path,
      sourceName: names?.[1] ?? match[1], targetName: names?.[2] ?? match[2],
      inputField: multipart ? Object.keys(multipart)[0] : undefined,
      json: !multipart,
      options: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({
        name: p.name, type: p.schema?.type ?? 'string', default: p.schema?.default, enum: p.schema?.enum, description: p.description ?? '',
      })),
    });
  }
  return routes;
}

/** Loads the OpenAPI document and returns its conversion routes. */
export async function loadRoutes() {
  const response = await fetch('swagger/v1/swagger.json');
  if (!response.ok) throw new Error(`OpenAPI document: HTTP ${response.status}`);
  return routesOf(await response.json());
}

/**
 * A conversion the page did not send, or whose answer it explains in its own words: `kind` is the key of the page's
 * text (`i18n.js`): `signInNeeded`, `signInExpired`, … (`authorize` throws one when the sign-in is missing or over).
 */
export class PageProblem extends Error {
  constructor(kind) {
    super(kind);
    this.kind = kind;
  }
}

/**
 * The page's own wording for a failed answer (the key of its text in `i18n.js`), or undefined when the server's
 * messages say it best: a sign-in needed (401), the upload too large (413), the server unavailable (no answer, 502,
 * 503, 504), the file unreadable (`GW_ERR_PARSE`). The server's messages stay as the detail.
 */
export function problemKind(status, body) {
  if (status === 401) return 'signInNeeded';
  if (status === 413 || body?.code === 'GW_ERR_TOO_LARGE') return 'errTooLarge';
  if (status === 0 || status === 502 || status === 503 || status === 504 || body?.code === 'GW_ERR_UNAVAILABLE') return 'errUnavailable';
  if (body?.code === 'GW_ERR_PARSE') return 'errParse';
  return undefined;
}

/** The error messages of a problem body (`errors`: key → messages) as `[{ key, message }]`. */
function problemMessages(body, status) {
  const list = [];
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    for (const message of [].concat(messages)) list.push({ key, message: String(message) });
  }
  if (list.length === 0) list.push({ key: '', message: body?.title ?? body?.error_description ?? `HTTP ${status}` });
  return list;
}

/**
 * The source format of a file from its first 8 KiB: `{ source, name }`, or `{ error, kind }` (`kind`: the page's
 * text, `errNotRecognised` or `errUnavailable`; `error`: the server's text, as the detail).
 */
export async function detectSource(file) {
  let response;
  try {
    response = await fetch('formats/detect', {
      method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file.slice(0, 8192),
    });
  } catch (err) {
    return { error: String(err?.message ?? err), kind: 'errUnavailable' };
  }
  const body = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = problemMessages(body, response.status).map((m) => m.message).join(' ');
    return { error, kind: response.status === 400 ? 'errNotRecognised' : problemKind(response.status, body) ?? 'errNotRecognised' };
  }
  return body;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first, then `filename`). */
export function dispositionFileName(header) {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try { return decodeURIComponent(extended[1].trim()); } catch { /* fall through */ }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1];
}

/** The `X-Conversion-Messages-Summary` header decoded (base64url of UTF-8 JSON), or undefined. */
export function decodeSummary(value) {
  if (!value) return undefined;
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/**
 * Runs one conversion. `onProgress({ phase: 'upload'|'conversion'|'download', loaded, total })`; `authorize(method,
 * url)` gives the request's `{ headers, nonce }` (`auth.js`, `authorization`), undefined when no token is needed.
 * A response asking for another DPoP server nonce (`use_dpop_nonce`) is answered by sending the file once more.
 * Resolves `{ ok, status, blob, fileName, project?, count, messages: [{ code, severity, message, itemNumber? }],
 * errors?, kind? }` (`kind`: {@link problemKind}); rejects when the network fails, the page's key is gone, or
 * `authorize` throws (a {@link PageProblem} when the sign-in is missing or has expired: nothing is sent then).
 */
export async function convert({ route, file, query, authorize, onProgress }) {
  const url = route.path.slice(1) + (query.toString() ? `?${query}` : '');
  for (let attempt = 0; ; attempt++) {
    const { headers, nonce } = authorize ? await authorize('POST', url) : { headers: {} };
    const result = await send({ route, file, url, headers, onProgress });
    const retry = headers.dpop !== undefined && attempt === 0 && noteDpopNonce(nonce, result.dpop);
    if (!retry) return result;
  }
}

/** One upload of `file` to `url` with `headers`; the result of {@link convert}, with the response's DPoP nonce facts. */
function send({ route, file, url, headers, onProgress }) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress({ phase: 'upload', loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => onProgress({ phase: 'conversion' });
    xhr.onprogress = (e) => onProgress({ phase: 'download', loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onload = async () => {
      const blob = xhr.response;
      const status = xhr.status;
      const dpop = { status, nonce: xhr.getResponseHeader('DPoP-Nonce'), wwwAuthenticate: xhr.getResponseHeader('WWW-Authenticate') };
      if (status < 200 || status >= 300) {
        const body = await blob.text().then(JSON.parse).catch(() => undefined);
        resolve({ ok: false, status, errors: problemMessages(body, status), kind: problemKind(status, body), messages: [], count: 0, dpop });
        return;
      }
      const count = Number(xhr.getResponseHeader('X-Conversion-Messages') ?? 0);
      let messages = decodeSummary(xhr.getResponseHeader('X-Conversion-Messages-Summary'))?.messages ?? [];
      let project;
      if (route.target === 'ava') {
        project = JSON.parse(await blob.text());
        messages = project.conversionMessages ?? messages;
      }
      const fileName = dispositionFileName(xhr.getResponseHeader('Content-Disposition'))
        ?? `${file.name.replace(/\.[^.]*$/, '') || route.source}.ava.json`;
      resolve({ ok: true, status, blob, fileName, project, count, messages, dpop });
    };
    if (route.json) {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(file);
    } else {
      const form = new FormData();
      form.append(route.inputField, file, file.name);
      xhr.send(form);
    }
  });
}
