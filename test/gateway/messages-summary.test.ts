import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ConversionMessage } from '../../core/pipeline/messages.js';
import {
  MESSAGES_SUMMARY_HEADER, MESSAGES_SUMMARY_MAX_LENGTH, MESSAGE_TEXT_MAX_LENGTH, decodeMessagesSummary, messagesSummaryValue,
} from '../../gateway/conversion/messages-summary.js';
import { multipartBody, testApp } from '../support/app.js';
import { sampleX83 } from '../support/sample-x83.js';

const message = (i: number, text = `Quantity 'abc' of item ${i} is not a decimal number and was ignored.`): ConversionMessage =>
  ({ code: 'GAEB_INVALID_NUMBER', severity: 'warning', message: text, itemNumber: `01.${String(i).padStart(4, '0')}`, source: 'gaeb' });

describe('messagesSummaryValue', () => {
  it('is absent without messages', () => {
    expect(messagesSummaryValue([])).toBeUndefined();
  });

  it('encodes the messages as base64url JSON, without the source plugin', () => {
    const value = messagesSummaryValue([message(1), { code: 'GAEB_NO_BOQ', severity: 'info', message: 'Ümlaut → “quoted”' }])!;
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeMessagesSummary(value)).toEqual({
      count: 2,
      messages: [
        { code: 'GAEB_INVALID_NUMBER', severity: 'warning', message: message(1).message, itemNumber: '01.0001' },
        { code: 'GAEB_NO_BOQ', severity: 'info', message: 'Ümlaut → “quoted”' },
      ],
    });
  });

  it('keeps the first messages that fit in the size cap and counts all', () => {
    const messages = Array.from({ length: 500 }, (_, i) => message(i));
    const value = messagesSummaryValue(messages)!;
    expect(value.length).toBeLessThanOrEqual(MESSAGES_SUMMARY_MAX_LENGTH);
    const summary = decodeMessagesSummary(value);
    expect(summary.count).toBe(500);
    expect(summary.messages.length).toBeGreaterThan(5);
    expect(summary.messages.length).toBeLessThan(500);
    expect(summary.messages.map((m) => m.itemNumber)).toEqual(messages.slice(0, summary.messages.length).map((m) => m.itemNumber));
    // one more message would not have fitted
    const oneMore = Buffer.from(JSON.stringify({ ...summary, messages: messages.slice(0, summary.messages.length + 1).map(({ source: _, ...m }) => m) })).toString('base64url');
    expect(oneMore.length).toBeGreaterThan(MESSAGES_SUMMARY_MAX_LENGTH);
  });

  it('cuts long texts (by characters, not UTF-16 units) ending with an ellipsis', () => {
    const long = '€'.repeat(5000);
    const summary = decodeMessagesSummary(messagesSummaryValue([message(1, long)])!);
    const text = summary.messages[0].message;
    expect(Array.from(text)).toHaveLength(MESSAGE_TEXT_MAX_LENGTH);
    expect(text.endsWith('…')).toBe(true);
    const emoji = decodeMessagesSummary(messagesSummaryValue([message(1, '😀'.repeat(300))])!).messages[0].message;
    expect(emoji).not.toMatch(/\uFFFD/);
    expect(Array.from(emoji)).toHaveLength(MESSAGE_TEXT_MAX_LENGTH);
  });
});

describe(`${MESSAGES_SUMMARY_HEADER} on a conversion`, () => {
  const x83 = (qty: string) => sampleX83({ qty, text: false });

  it('lists the messages of a file response, and is absent when there are none', async () => {
    const app = await testApp({ auth: { requireTokenForConversions: false } });
    try {
      const res = await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb', ...multipartBody('gaebFile', 'x.X83', x83('abc')) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<GAEB');
      const count = Number(res.headers['x-conversion-messages']);
      expect(count).toBeGreaterThan(0);
      const summary = decodeMessagesSummary(String(res.headers['x-conversion-messages-summary']));
      expect(summary.count).toBe(count);
      expect(summary.messages).toContainEqual({ code: 'GAEB_INVALID_NUMBER', severity: 'warning', message: expect.stringContaining("'abc'"), itemNumber: '01.0010' });
      const clean = await app.inject({ method: 'POST', url: '/conversion/gaeb/gaeb', ...multipartBody('gaebFile', 'x.X83', x83('12.500')) });
      expect(clean.statusCode).toBe(200);
      expect(clean.headers['x-conversion-messages']).toBe('0');
      expect(clean.headers['x-conversion-messages-summary']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
