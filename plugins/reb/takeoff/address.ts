/**
 * Row addresses of a REB take-off (REB-VB 23.003; https://gaeb-tools.de/was-bedeuten-die-adresse-und-fnr-in-einem-reb-aufmass/):
 * sheet number (4 digits, from 0001) + row letter A–Z + index digit 0–9, e.g. `0001A0`. New rows take the next
 * letter with index 0 (`0001A0`, `0001B0`, … `0001Z0`, `0002A0`), leaving the index digits free for rows inserted
 * later, as dazi-web/reb-da11 `src/Da11Writer.php` allocates them; the continuation lines of a free formula take
 * the next index digits of their first line's row (`0001A0`, `0001A1`, …). Addresses compare as strings.
 *
 * An address read with a component is kept while the addresses ascend; a row that has to move gets a new one, and
 * every later expression that names the row's old address is rewritten to the new one
 * ({@link AddressAllocator.rename}).
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

/** The address after `address` within its row (next index digit), undefined after index 9. */
export function nextIndexAddress(address: string): string | undefined {
  const index = Number(address[5]);
  return index < 9 ? `${address.slice(0, 5)}${index + 1}` : undefined;
}

const ADDRESS_TOKEN = /\d{4}[A-Z]\d(?![\d.,])|\d+(?:[.,]\d+)?(?:E[+-]?\d+)?|[A-Za-z]+/g;

/**
 * Hands out ascending addresses, keeping a given one when it is still ahead of the last handed out, and remembers
 * where each address given (the one a component was read with) went, so that expressions naming it follow the row.
 */
export class AddressAllocator {
  private last: string | undefined;
  private readonly first: string | undefined;
  /** Address read → address written, of the rows written so far (the latest row of that address). */
  private readonly written = new Map<string, string>();
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
      this.first = after;
    }
  }

  private keeps(wanted: string | undefined): wanted is string {
    return wanted !== undefined && ADDRESS_PATTERN.test(wanted) && !wanted.startsWith('0000') && (this.last === undefined || wanted > this.last);
  }

  /**
   * The next address: `wanted` (the address the row was read with) when it is an address after the last one, else
   * the next in allocation order.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT when the addresses run out after `9999Z9`
   */
  next(wanted?: string): string {
    if (this.keeps(wanted)) return this.hand(wanted, wanted);
    if (wanted !== undefined) this.reallocated++;
    const address = this.last === undefined ? '0001A0' : nextAddress(this.last);
    if (address === undefined || this.last === LAST) {
      throw new GatewayError('GW_ERR_TARGET_CONSTRAINT', 'The take-off needs more rows than REB addresses hold (up to 9999Z9).', LAST_ROW_ADDRESS);
    }
    return this.hand(wanted, address);
  }

  /**
   * The address of a free formula's continuation line: `wanted` (read with it) when it still ascends, else the
   * next index digit of the line before (`previous`), else the next in allocation order.
   * @throws GatewayError GW_ERR_TARGET_CONSTRAINT when the addresses run out after `9999Z9`
   */
  continuation(previous: string, wanted?: string): string {
    if (this.keeps(wanted)) return this.hand(wanted, wanted);
    const index = nextIndexAddress(previous);
    if (this.keeps(index)) {
      if (wanted !== undefined) this.reallocated++;
      return this.hand(wanted, index);
    }
    return this.next(wanted);
  }

  private hand(wanted: string | undefined, address: string): string {
    if (wanted !== undefined && ADDRESS_PATTERN.test(wanted)) this.written.set(wanted, address);
    return (this.last = address);
  }

  /**
   * `expression` with each address it names replaced by the address its row was written at. The addresses a
   * rewritten expression cannot reach are listed in `lost`: an address after `LastRowAddress` that no row written
   * before was read with (the row comes later in the written take-off, or nowhere).
   */
  rename(expression: string): { expression: string; lost: string[] } {
    const lost: string[] = [];
    const renamed = expression.replace(ADDRESS_TOKEN, (token) => {
      if (!ADDRESS_PATTERN.test(token)) return token;
      const to = this.written.get(token);
      if (to !== undefined) return to;
      if (this.first === undefined || token > this.first) lost.push(token);
      return token;
    });
    return { expression: renamed, lost };
  }
}
