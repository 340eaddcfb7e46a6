/** Shared helpers of the GAEB DA XML reader tests (fixtures in test/fixtures/gaeb, written for these tests). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElementDto, PositionDto, ProjectDto, ServiceSpecificationGroupDto } from '../../core/model/types.js';
import { defaultOptions } from '../../core/options/catalog.js';
import { MessageCollector } from '../../core/pipeline/messages.js';
import { readGaebXml } from '../../plugins/gaeb/xml/reader/index.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gaeb');

export const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

export interface ReadResult {
  project: ProjectDto;
  messages: MessageCollector['messages'];
  /** All elements in document order (depth first). */
  all: ElementDto[];
  /** Position by item number. */
  position(itemNumber: string): PositionDto;
  group(itemNumber: string): ServiceSpecificationGroupDto;
}

export function flatten(elements: readonly ElementDto[] | undefined, out: ElementDto[] = []): ElementDto[] {
  for (const e of elements ?? []) {
    out.push(e);
    const children = (e as { elements?: ElementDto[] }).elements;
    if (children) flatten(children, out);
  }
  return out;
}

/** Reads bytes with default options (plus overrides) and indexes the result. */
export function read(bytes: Buffer, overrides: Record<string, boolean | string> = {}): ReadResult {
  const sink = new MessageCollector();
  const project = readGaebXml(bytes, defaultOptions(overrides), sink);
  const all = flatten(project.serviceSpecifications?.[0]?.elements);
  const byNumber = (type: string, n: string) => {
    const found = all.find((e) => e.elementTypeDiscriminator === type && (e as PositionDto).itemNumber?.stringRepresentation === n);
    if (!found) throw new Error(`no ${type} ${n}; have ${all.map((e) => (e as PositionDto).itemNumber?.stringRepresentation).join(', ')}`);
    return found;
  };
  return {
    project,
    messages: sink.messages,
    all,
    position: (n) => byNumber('PositionDto', n) as PositionDto,
    group: (n) => byNumber('ServiceSpecificationGroupDto', n) as ServiceSpecificationGroupDto,
  };
}

/** A minimal GAEB DA XML 3.3 X83 around an item list body (`<Item>`s) and an optional BoQInfo schema. */
export function x83(items: string, bkdn = '<BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn>'): Buffer {
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>' +
      '<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo>' +
      `<Award><DP>83</DP><BoQ ID="B"><BoQInfo><Name>T</Name>${bkdn}</BoQInfo><BoQBody><Itemlist>${items}</Itemlist></BoQBody></BoQ></Award></GAEB>`,
  );
}

/** One item whose Description is `<CompleteText>` with the given DetailTxt and OutlTxt content. */
export function itemWithText(detailTxt: string, outlTxt = ''): Buffer {
  const outline = outlTxt ? `<OutlineText><OutlTxt>${outlTxt}</OutlTxt></OutlineText>` : '';
  return x83(`<Item ID="I" RNoPart="1"><Qty>1</Qty><QU>St</QU><Description><CompleteText><DetailTxt>${detailTxt}</DetailTxt>${outline}</CompleteText></Description></Item>`);
}
