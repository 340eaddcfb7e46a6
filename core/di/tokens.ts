/** Injection tokens of the composition root (`gateway/composition-root.ts`). */
export const FORMAT_PLUGIN = Symbol.for('ava-gateway.FormatPlugin');
export const GRANT_PLUGIN = Symbol.for('ava-gateway.GrantPlugin');
export const GATEWAY_CONFIG = Symbol.for('ava-gateway.GatewayConfig');
export const AUTH_SERVICES = Symbol.for('ava-gateway.AuthServices');
