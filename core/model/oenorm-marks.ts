/**
 * ÖNORM A 2063 marks of a position that GAEB and SIA 451 have no field for (ÖNORM A 2063:2009 `ontypdef.xsd`, as
 * the ÖNORM reader keeps them in `oenormPositionProperties`): `wesentlicheposition` (W, an essential position:
 * `isMainPosition`), `garantierteangebotssumme` (G, a guaranteed offer sum), `herkunftskennzeichen` Z or + (a
 * position not taken from the standard LB: `originCode` FreeText or AdditionDescription), and a position's
 * `kommentar` and `notiz`. A writer of another format leaves them out; {@link oenormMarksMessage} says so, per
 * mark, once per file. GAEB DA XML's `KeyIt` (Schwerpunktposition) is not taken for W: no public source equates
 * them. The same message names the numbers of wählbare Vorbemerkungen (`lv-wvb-pos.type`: numbered entries of
 * text, read as note texts with `oenormNoteTextProperties.itemNumber`): those formats hold note texts without a
 * number (a GAEB `Remark`).
 */
import { countedNumbers } from './item-kinds.js';
import {
  isGroup, isNoteText, positionsOf, type ElementDto, type OenormPositionPropertiesDto, type ServiceSpecificationDto,
} from './types.js';

const MARKS: readonly (readonly [string, (o: OenormPositionPropertiesDto) => boolean])[] = [
  ['wesentliche Position (W)', (o) => o.isMainPosition === true],
  ['garantierte Angebotssumme (G)', (o) => o.garantierteangebotssumme !== undefined && o.garantierteangebotssumme !== false],
  ['Herkunftskennzeichen Z or + (not from the standard LB)', (o) => o.originCode === 'FreeText' || o.originCode === 'AdditionDescription'],
  ['kommentar', (o) => typeof o.kommentar === 'string' && o.kommentar !== ''],
  ['notiz', (o) => typeof o.notiz === 'string' && o.notiz !== ''],
];

/**
 * The message for the ÖNORM marks a format leaves out, or undefined when no position of `spec` has one.
 * @param format `GAEB DA XML`, `GAEB 2000`, `GAEB 90`, `SIA 451`
 */
export function oenormMarksMessage(format: string, spec: ServiceSpecificationDto | undefined): string | undefined {
  // a posted ProjectDto may hold null (or anything) there
  const marked = positionsOf(spec?.elements).filter((p) => typeof p.oenormPositionProperties === 'object' && p.oenormPositionProperties !== null);
  const parts: string[] = [];
  for (const [name, has] of MARKS) {
    const numbers = marked.filter((p) => has(p.oenormPositionProperties!)).map((p) => p.itemNumber?.stringRepresentation ?? '(without number)');
    if (numbers.length > 0) parts.push(`${name}: ${countedNumbers(numbers)}`);
  }
  const remarks = wvbNumbers(spec?.elements);
  if (parts.length === 0 && remarks.length === 0) return undefined;
  const marks = parts.length > 0 ? `these ÖNORM A 2063 marks of positions, which were not written: ${parts.join('; ')}` : '';
  const numbers = remarks.length > 0 ? `the numbers of wählbare Vorbemerkungen (numbered note texts), which were not written: ${countedNumbers(remarks)}` : '';
  return `${format} has no field for ${marks}${marks && numbers ? '; nor for ' : ''}${numbers}.`;
}

/** The ÖNORM numbers of the note texts read as wählbare Vorbemerkungen, in document order. */
function wvbNumbers(elements: readonly ElementDto[] | undefined, out: string[] = []): string[] {
  for (const e of elements ?? []) {
    if (isGroup(e)) wvbNumbers(e.elements, out);
    else if (isNoteText(e)) {
      const props = e.oenormNoteTextProperties as { itemNumber?: unknown } | null | undefined;
      if (typeof props === 'object' && props !== null && typeof props.itemNumber === 'string') out.push(props.itemNumber);
    }
  }
  return out;
}
