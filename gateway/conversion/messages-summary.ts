/**
 * The conversion messages of a file response, in a header: a file response's body is the file itself (what
 * AVACloud clients expect), so the messages travel beside it (an `ava` response also lists them in the body,
 * `conversionMessages`).
 *
 * `X-Conversion-Messages-Summary: <base64url>`: base64url without padding (RFC 4648 §5, safe in any header) of
 * the UTF-8 JSON `{"count": n, "messages": [{"code", "severity", "message", "itemNumber"?}]}`: `count` is the
 * number of all messages, `messages` the first ones, in order, each text cut to {@link MESSAGE_TEXT_MAX_LENGTH}
 * characters, as many as fit in {@link MESSAGES_SUMMARY_MAX_LENGTH} header characters (so the response headers
 * stay well inside the 4–8 KiB that proxies such as nginx accept by default). No header when there are none.
 */
import type { FastifyReply } from 'fastify';
import type { ConversionMessage } from '../../core/pipeline/messages.js';

export const MESSAGES_SUMMARY_HEADER = 'X-Conversion-Messages-Summary';
/** Maximum length of the header value (characters of base64url). */
export const MESSAGES_SUMMARY_MAX_LENGTH = 2048;
/** Longer message texts are cut to this many characters, ending with "…". */
export const MESSAGE_TEXT_MAX_LENGTH = 200;

/** One message of the summary (a {@link ConversionMessage} without its source plugin). */
export interface SummaryMessage {
  code: string;
  severity: ConversionMessage['severity'];
  message: string;
  itemNumber?: string;
}

export interface MessagesSummary {
  /** Number of all messages of the conversion (`messages` may hold fewer). */
  count: number;
  messages: SummaryMessage[];
}

const cut = (text: string) => {
  const chars = Array.from(text);
  return chars.length <= MESSAGE_TEXT_MAX_LENGTH ? text : chars.slice(0, MESSAGE_TEXT_MAX_LENGTH - 1).join('') + '…';
};

const encode = (summary: MessagesSummary) => Buffer.from(JSON.stringify(summary), 'utf8').toString('base64url');

/**
 * The header value for a conversion's messages: the longest prefix of them that fits in
 * {@link MESSAGES_SUMMARY_MAX_LENGTH} characters; undefined when there are no messages.
 */
export function messagesSummaryValue(messages: readonly ConversionMessage[]): string | undefined {
  if (messages.length === 0) return undefined;
  const summary: MessagesSummary = { count: messages.length, messages: [] };
  let value = encode(summary);
  for (const m of messages) {
    const entry: SummaryMessage = { code: m.code, severity: m.severity, message: cut(m.message) };
    if (m.itemNumber !== undefined) entry.itemNumber = m.itemNumber;
    summary.messages.push(entry);
    const next = encode(summary);
    if (next.length > MESSAGES_SUMMARY_MAX_LENGTH) {
      summary.messages.pop();
      break;
    }
    value = next;
  }
  return value;
}

/** Decodes a header value (for clients and tests). @throws SyntaxError when it is not a summary's encoding */
export function decodeMessagesSummary(value: string): MessagesSummary {
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as MessagesSummary;
}

/** Sets {@link MESSAGES_SUMMARY_HEADER} on the reply when the conversion produced messages. */
export function setMessagesSummary(reply: FastifyReply, messages: readonly ConversionMessage[]): void {
  const value = messagesSummaryValue(messages);
  if (value !== undefined) reply.header(MESSAGES_SUMMARY_HEADER, value);
}
