/**
 * Format slots: formats the interface names (the seed's route table, AVACloud 1.27 API) that ship without a
 * built-in plugin because no public description of them exists, so that a reader would be guessed. Their routes
 * answer 400 `GW_ERR_UNSUPPORTED_FORMAT` naming the plugin contract until a customer plugin with the slot's id and
 * input field is configured; that plugin's routes then come from the registry like any other's.
 *
 * ASLV: a proprietary, import-only vendor format ("Add support for importing proprietary aslv files", AVACloud
 * 1.9.0 changelog, Dangl.AVACloud.Client.Shared 1.9.0); the API's `aslvFile` source targets ava, gaeb, excel and
 * oenorm (Dangl-IT/avacloud-client-php `docs/Api/AslvConversionApi.md`). No sample, extension or field list is
 * public.
 */
import { PLUGIN_API_VERSION, type FormatPlugin } from './contract.js';

/** A format the interface names whose reader must come from a customer plugin. */
export interface FormatSlot {
  /** The plugin id and URL path segment the slot waits for. */
  id: string;
  name: string;
  /** The multipart field the plugin must declare (`inputField`). */
  inputField: string;
  /** The targets the interface offers from this source, in the seed's order. */
  targets: readonly string[];
}

export const FORMAT_SLOTS: readonly FormatSlot[] = Object.freeze([
  Object.freeze({ id: 'aslv', name: 'ASLV', inputField: 'aslvFile', targets: Object.freeze(['ava', 'gaeb', 'excel', 'oenorm']) }),
]);

/** The slots no installed plugin fills, each with the targets installed writers provide. */
export function openSlots(plugins: readonly FormatPlugin[]): { slot: FormatSlot; targets: string[] }[] {
  const writers = new Set(plugins.filter((p) => p.writer).map((p) => p.id));
  return FORMAT_SLOTS.filter((s) => !plugins.some((p) => p.id === s.id && p.reader)).map((slot) => ({ slot, targets: slot.targets.filter((t) => writers.has(t)) }));
}

/**
 * What is wrong with a plugin that fills a slot (its id is the slot's and it has a reader), or undefined: it must
 * read the slot's multipart field, the input parameter the interface names (`aslvFile`), or the interface's
 * clients could not reach it.
 */
export function slotFieldProblem(plugin: Pick<FormatPlugin, 'id' | 'reader' | 'inputField' | 'bodyParameter'>): string | undefined {
  const slot = FORMAT_SLOTS.find((s) => s.id === plugin.id);
  if (!slot || !plugin.reader || plugin.inputField === slot.inputField) return undefined;
  const declared = plugin.inputField !== undefined ? `inputField "${plugin.inputField}"` : `bodyParameter "${String(plugin.bodyParameter)}"`;
  return `it fills the ${slot.name} slot of the interface, whose clients send the file in the multipart field "${slot.inputField}": declare inputField '${slot.inputField}' (not ${declared})`;
}

/** What a route of an open slot answers: the contract of the plugin to install. */
export function slotMessage(slot: FormatSlot): string {
  return `${slot.name} has no built-in reader: it is a proprietary format without public description. Install a customer format plugin with id "${slot.id}" and input field "${slot.inputField}" (format plugin contract ^${PLUGIN_API_VERSION}: a reader whose read(input) turns input.bytes into a ProjectDto; see the README section "Format plugins") and name it in the configuration's plugins.`;
}
