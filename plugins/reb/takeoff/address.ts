/**
 * Row addresses of a REB take-off (REB-VB 23.003; https://gaeb-tools.de/was-bedeuten-die-adresse-und-fnr-in-einem-reb-aufmass/):
 * sheet number (4 digits, from 0001) + row letter A–Z + index digit 0–9, e.g. `0001A0`. New rows take the next
 * letter with index 0 (`0001A0`, `0001B0`, … `0001Z0`, `0002A0`), leaving the index digits free for rows inserted
 * later, as dazi-web/reb-da11 `src/Da11Writer.php` allocates them. Addresses compare as strings.
 */
import { GatewayError } from '../../../core/errors.js';
import { ADDRESS_PATTERN } from './line.js';

/** The option that continues the addresses of an earlier take-off. */
export const LAST_ROW_ADDRESS = 'LastRowAddress';

const LAST = '9999Z9';

/** The address after `address` in allocation order (next letter, index 0; after Z the next sheet). */
export function nextAddress(address: string): string | undefined {
  const sheet = Number(address.slice(0, 4));
  const letter = address.charCodeAt(4) - 65;
  if (letter < 25) return `${address.slice(0, 4)}${String.fromCharCode(66 + letter)}0`;
  return sheet >= 9999 ? undefined : `${String(sheet + 1).padStart(4, '0')}A0`;
}

/** Hands out ascending addresses, keeping a given one when it is still ahead of the last handed out. */
export class AddressAllocator {
  private last: string | undefined;
  /** How many requested addresses could not be kept. */
  reallocated = 0;

  /**
   * @param after the last address already used (option `LastRowAddress`), or undefined to start at `0001A0`
   * @throws GatewayError GW_ERR_OPTION (400, key `LastRowAddress`) when `after` is not an address
   */
  constructor(after?: string) {
    if (after !== undefined && after !== '') {
      if (!ADDRESS_PATTERN.test(after) || after.startsWith('0000')) {
        throw new GatewayError('GW_ERR_OPTION', `The value "${after}" is not valid for ${LAST_ROW_ADDRESS}; expected a row address of sheet 0001–9999, row letter A–Z and index digit 0–9, e.g. 1234A0.`, LAST_ROW_ADDRESS);
      }
      this.last = after;
    }
  }

  /**
   * The next address: `wanted` when it is an address after the last one, else the next in allocation order.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT when the addresses run out after `9999Z9`
   */
  next(wanted?: string): string {
    if (wanted !== undefined && ADDRESS_PATTERN.test(wanted) && !wanted.startsWith('0000') && (this.last === undefined || wanted > this.last)) {
      return (this.last = wanted);
    }
    if (wanted !== undefined) this.reallocated++;
    const address = this.last === undefined ? '0001A0' : nextAddress(this.last);
    if (address === undefined || this.last === LAST) {
      throw new GatewayError('GW_ERR_TARGET_CONSTRAINT', 'The take-off needs more rows than REB addresses hold (up to 9999Z9).', LAST_ROW_ADDRESS);
    }
    return (this.last = address);
  }
}
