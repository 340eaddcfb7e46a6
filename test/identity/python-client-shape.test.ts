/**
 * The vendor's Python client (Dangl-IT/avacloud-client-python, API 1.27.4, swagger-codegen) unmodified against
 * the gateway: the exact requests its `DanglIdentityApi` sends (avacloud_client_python/api/dangl_identity_api.py:
 * path, method, `Accept` and `Content-Type` as `select_header_accept`/`select_header_content_type` choose them —
 * `application/json` when listed — and the body as Python's `json.dumps` writes the model's `attribute_map`
 * names), and the checks its `TokenResponseGet` model makes when it reads the answer
 * (avacloud_client_python/models/token_response_get.py: only `attribute_map` keys are read; `expires_in`,
 * `http_status_code`, `is_error` and `error_type` must not be `None`). The package itself is not installed here
 * (no Python registry access), so the test replays its wire format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, authHarness, type AuthHarness } from '../auth/connect-support.js';
import { accountsAuth, mailFolder } from './identity-support.js';

/** `TokenResponseGet.attribute_map` of the Python client: attribute → JSON key. */
const ATTRIBUTE_MAP = {
  access_token: 'accessToken', error: 'error', error_description: 'errorDescription', expires_in: 'expiresIn',
  http_error_reason: 'httpErrorReason', http_status_code: 'httpStatusCode', identity_token: 'identityToken', is_error: 'isError',
  refresh_token: 'refreshToken', token_type: 'tokenType', error_type: 'errorType',
} as const;
const REQUIRED = ['expires_in', 'http_status_code', 'is_error', 'error_type'] as const;
const RESPONSE_ERROR_TYPES = ['None', 'Protocol', 'Http', 'Exception', 'PolicyViolation'];

/** What the client's `ApiClient.deserialize` makes of the body: the model's attributes, or the error it raises. */
function deserialize(json: Record<string, unknown>): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const [attribute, key] of Object.entries(ATTRIBUTE_MAP)) model[attribute] = json[key] ?? null;
  for (const name of REQUIRED) if (model[name] === null) throw new Error(`Invalid value for \`${name}\`, must not be \`None\``);
  return model;
}

/** The request swagger-codegen's Python `ApiClient.call_api` sends for a JSON body. */
const pythonRequest = (url: string, body: Record<string, unknown>, accept = 'application/json') => ({
  method: 'POST' as const,
  url,
  headers: { 'content-type': 'application/json', accept, 'user-agent': 'Swagger-Codegen/1.0.0/python' },
  // Python's json.dumps separators: ', ' and ': '.
  payload: JSON.stringify(body).replace(/","/g, '", "').replace(/":"/g, '": "'),
});

describe('DanglIdentityApi (Python client) request and response shapes', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness(accountsAuth(mailFolder()));
  });
  afterAll(() => h.app.close());

  it('dangl_identity_login_and_return_token and dangl_identity_refresh_token: 200 bodies the model reads', async () => {
    const login = await h.app.inject(pythonRequest('/identity/token-login', { identifier: DEMO.userName, password: DEMO.password }));
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/^application\/json/);
    const model = deserialize(login.json());
    expect(Object.keys(login.json()).every((k) => Object.values(ATTRIBUTE_MAP).includes(k as never))).toBe(true);
    expect(model).toMatchObject({ is_error: false, error_type: 'None', http_status_code: 'OK', token_type: 'Bearer', expires_in: 3600 });
    expect(typeof model.access_token).toBe('string');
    expect(typeof model.refresh_token).toBe('string');

    const refresh = await h.app.inject(pythonRequest('/identity/token-refresh', { refreshToken: model.refresh_token as string }));
    expect(refresh.statusCode).toBe(200);
    expect(deserialize(refresh.json())).toMatchObject({ is_error: false, http_status_code: 'OK' });
  });

  it('error answers still carry every required member, with enum values the client knows', async () => {
    for (const res of [
      await h.app.inject(pythonRequest('/identity/token-login', { identifier: DEMO.userName, password: 'wrong' })),
      await h.app.inject(pythonRequest('/identity/token-refresh', { refreshToken: 'unknown' })),
      await h.app.inject(pythonRequest('/identity/token-login', { identifier: '', password: '' })),
    ]) {
      const model = deserialize(res.json());
      expect(model.is_error).toBe(true);
      expect(RESPONSE_ERROR_TYPES).toContain(model.error_type);
      expect(model.http_status_code).toBe(res.statusCode === 401 ? 'Unauthorized' : 'BadRequest');
    }
  });

  it('dangl_identity_login_with_cookie (Accept application/problem+json): 204, and 401 with a problem body', async () => {
    const ok = await h.app.inject(pythonRequest('/identity/login', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: true }, 'application/problem+json'));
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    const refused = await h.app.inject(pythonRequest('/identity/login', { identifier: DEMO.userName, password: 'wrong', staySignedIn: false }, 'application/problem+json'));
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('accepts the other content types the clients may send (application/json-patch+json, text/json, application/*+json)', async () => {
    for (const type of ['application/json-patch+json', 'text/json', 'application/vnd.test+json']) {
      const res = await h.app.inject({ method: 'POST', url: '/identity/token-login', headers: { 'content-type': type }, payload: JSON.stringify({ identifier: DEMO.userName, password: DEMO.password }) });
      expect(res.statusCode, type).toBe(200);
    }
  });
});
