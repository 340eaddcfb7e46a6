/**
 * The routes of open format slots (core/plugin/slots.ts): `POST /conversion/<slot>/<target>` for each target the
 * interface offers and an installed writer provides, answering 400 `GW_ERR_UNSUPPORTED_FORMAT` with the plugin
 * contract to install. Hidden from the OpenAPI document: the route does not convert.
 */
import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../../core/errors.js';
import type { FormatPlugin } from '../../core/plugin/contract.js';
import { openSlots, slotMessage } from '../../core/plugin/slots.js';

/** Registers the routes of every slot no installed plugin fills. */
export function registerSlotRoutes(app: FastifyInstance, plugins: readonly FormatPlugin[]): void {
  for (const { slot, targets } of openSlots(plugins)) {
    for (const target of targets) {
      app.post(`/conversion/${slot.id}/${target}`, { schema: { hide: true } }, async () => {
        throw new GatewayError('GW_ERR_UNSUPPORTED_FORMAT', slotMessage(slot), slot.inputField);
      });
    }
  }
}
