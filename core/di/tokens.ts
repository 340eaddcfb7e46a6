/** Injection tokens of the composition root (`core/di/container.ts`). */
export const FORMAT_PLUGIN = Symbol.for('ava-gateway.FormatPlugin');
export const GATEWAY_CONFIG = Symbol.for('ava-gateway.GatewayConfig');
