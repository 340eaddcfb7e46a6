/** GAEB generation sniffing (content only) and GAEB DA XML version/phase description, on small synthetic heads. */
import { describe, expect, it } from 'vitest';
import { describeGaebXml, detectGaebGeneration } from '../../plugins/gaeb/detect.js';

/** One GAEB 90 record: type, content up to column 74, running number in columns 75–80. */
const record = (type: string, content: string, n: number) => `${type}${content}`.padEnd(74, ' ').slice(0, 74) + String(n).padStart(6, '0');
const gaeb90 = (...records: string[]) => Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'latin1');

describe('detectGaebGeneration', () => {
  it('recognises GAEB DA XML by its root element and namespace, with or without declaration, BOM, comments', () => {
    expect(detectGaebGeneration(Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">'))).toBe('xml');
    expect(detectGaebGeneration(Buffer.from('\ufeff  <!-- made by X -->\n<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/200407"><GAEBInfo>'))).toBe('xml');
    expect(detectGaebGeneration(Buffer.from("<g:GAEB xmlns:g='http://www.gaeb.de/GAEB_DA_XML/DA86/3.2'>"))).toBe('xml');
    expect(detectGaebGeneration(Buffer.from('\ufeff<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA84/3.3">', 'utf16le'))).toBe('xml');
  });

  it('rejects other XML and a GAEB root without the GAEB namespace', () => {
    expect(detectGaebGeneration(Buffer.from('<?xml version="1.0"?><ONLV xmlns="http://www.oenorm.at/schema/A2063/2009-06-01">'))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from('<GAEB><Award/></GAEB>'))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from('<GAEB xmlns="urn:x"/>'))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from('<GAEBX xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">'))).toBeUndefined();
  });

  it('recognises GAEB 2000 by #begin[GAEB], case-insensitively', () => {
    expect(detectGaebGeneration(Buffer.from('#begin[GAEB]\r\n #begin[GAEBInfo]\r\n  [Version]1.2[end]\r\n'))).toBe('gaeb2000');
    expect(detectGaebGeneration(Buffer.from('\n#BEGIN[gaeb]1\n'))).toBe('gaeb2000');
    expect(detectGaebGeneration(Buffer.from('#begin[LV]\n'))).toBeUndefined();
  });

  it('recognises GAEB 90 by 80-column records with record 00 or a T0 preamble', () => {
    const head = gaeb90(record('00', '        83L', 1), record('01', 'LV Titel', 2), record('02', 'Projekt', 3));
    expect(detectGaebGeneration(head)).toBe('gaeb90');
    expect(detectGaebGeneration(gaeb90(record('T0', '', 1), record('T1', 'Baubeschreibung', 2)))).toBe('gaeb90');
    // LF line ends and a record cut off at the end of the head
    const lf = Buffer.from(`${record('00', ' 83', 1)}\n${record('11', '01', 2)}\n${record('12', 'Titel', 3).slice(0, 30)}`, 'latin1');
    expect(detectGaebGeneration(lf)).toBe('gaeb90');
    // re-saved as UTF-8: 80 characters a record, 81 bytes where it holds an umlaut
    const utf8 = Buffer.from([record('00', '        83L', 1), record('01', 'LV Außenanlagen Schulhof', 2)].map((r) => `${r}\r\n`).join(''), 'utf8');
    expect(utf8.indexOf('\r\n', 84)).toBe(82 + 81);
    expect(detectGaebGeneration(utf8)).toBe('gaeb90');
  });

  it('rejects near misses of GAEB 90', () => {
    expect(detectGaebGeneration(gaeb90(record('01', 'LV', 1), record('02', 'P', 2)))).toBeUndefined(); // no 00 record, no T preamble
    expect(detectGaebGeneration(gaeb90(record('00', ' 83', 1), `${record('01', 'x', 2)}X`))).toBeUndefined(); // 81 columns
    expect(detectGaebGeneration(gaeb90(record('00', ' 83', 1).slice(0, 74) + '0000A1'))).toBeUndefined(); // no running number
  });

  it('rejects garbage and empty heads', () => {
    expect(detectGaebGeneration(Buffer.alloc(0))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from('   \r\n'))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toBeUndefined();
    expect(detectGaebGeneration(Buffer.from('{"projectInformation":{}}'))).toBeUndefined();
  });
});

describe('describeGaebXml', () => {
  it('takes version and phase from a 3.2/3.3 namespace and Award/DP', () => {
    expect(describeGaebXml(Buffer.from('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.2"><GAEBInfo><Version>3.2</Version></GAEBInfo><Award><DP>83</DP>')))
      .toEqual({ version: '3.2', phase: '83' });
    expect(describeGaebXml(Buffer.from('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA84Z/3.3"><GAEBInfo>'))).toEqual({ version: '3.3', phase: '84Z' });
  });

  it('takes the version from GAEBInfo/Version for the shared 3.0/3.1 namespace', () => {
    const head = '<?xml version="1.0"?><GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/200407">\n<GAEBInfo>\n <Version>3.1</Version>\n</GAEBInfo><Award>\n <DP> 86 </DP>';
    expect(describeGaebXml(Buffer.from(head))).toEqual({ version: '3.1', phase: '86' });
    expect(describeGaebXml(Buffer.from('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/200407"><GAEBInfo>'))).toEqual({ version: '', phase: '' });
  });

  it('is undefined for anything that is not GAEB DA XML', () => {
    expect(describeGaebXml(Buffer.from('#begin[GAEB]'))).toBeUndefined();
    expect(describeGaebXml(Buffer.from('<root/>'))).toBeUndefined();
  });
});
