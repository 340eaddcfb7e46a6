/**
 * The `ava` format: the canonical project as JSON (AVACloud's ProjectDto). As a source it takes the request body
 * (`avaProject`) or a `.json` file; as a target it writes the recalculated project, with option group L removing
 * plain or HTML long texts (seeds/001, group L).
 */
import { parseError } from '../../core/errors.js';
import type { ElementDto, ProjectDto } from '../../core/model/types.js';
import { PLUGIN_API_VERSION, type FormatPlugin } from '../../core/plugin/contract.js';

export const PROJECT_MEDIA_TYPE = 'application/vnd.com.dangl-it.ProjectDto.v1+json';

type Texts = { longText?: string; htmlLongText?: string; elements?: ElementDto[]; blocks?: ElementDto[]; subDescriptions?: Texts[] };

function stripLongTexts(node: Texts, plain: boolean, html: boolean): void {
  if (plain) delete node.longText;
  if (html) delete node.htmlLongText;
  for (const child of [...(node.elements ?? []), ...(node.blocks ?? []), ...(node.subDescriptions ?? [])]) stripLongTexts(child as Texts, plain, html);
}

function parseJson(bytes: Buffer): unknown {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw parseError('The project is empty; expected a ProjectDto JSON object.', 'avaProject');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw parseError(`The project is not valid JSON: ${(err as Error).message}`, 'avaProject');
  }
}

export const avaPlugin: FormatPlugin = {
  id: 'ava',
  name: 'AVA project (ProjectDto JSON)',
  version: '1.0.0',
  apiVersion: `^${PLUGIN_API_VERSION}`,
  bodyParameter: 'avaProject',
  reader: {
    optionGroups: ['A'],
    detect: (head) => /^\s*\{/.test(head.toString('utf8', 0, 64).replace(/^\uFEFF/, '')),
    read: (input) => (input.value !== undefined ? input.value : parseJson(input.bytes ?? Buffer.alloc(0))) as ProjectDto,
  },
  writer: {
    optionGroups: ['L'],
    write(project, options, ctx) {
      const plain = options.RemovePlainTextLongTexts === true;
      const html = options.RemoveHtmlLongTexts === true;
      if (plain || html) for (const spec of project.serviceSpecifications ?? []) stripLongTexts(spec as Texts, plain, html);
      const body = ctx.messages.length ? { ...project, conversionMessages: ctx.messages } : project;
      return { data: Buffer.from(JSON.stringify(body)), contentType: PROJECT_MEDIA_TYPE, fileExtension: '.ava.json' };
    },
  },
};
