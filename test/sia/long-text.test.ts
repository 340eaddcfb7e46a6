/**
 * The layout of a long text in SIA 451 type-3 records (`plugins/sia/writer/long-text.ts`): one paragraph a variable
 * while that fits 99 variables of 99 lines; beyond, paragraph breaks are given up before any word is.
 */
import { describe, expect, it } from 'vitest';
import { layoutLongText, MAX_LINES, MAX_VARIABLES } from '../../plugins/sia/writer/long-text.js';

/** What a SIA 451 reader makes of the variables: lines joined with a blank, variables with a line break. */
const readBack = (variables: string[][]): string => variables.map((v) => v.join(' ')).join('\n');
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
const paragraph = (n: number, wordsPerParagraph: number): string => Array.from({ length: wordsPerParagraph }, (_, i) => `w${n}x${i}`).join(' ');

describe('SIA 451 long-text layout', () => {
  it('writes one paragraph a variable when they fit', () => {
    const layout = layoutLongText(['Erste Zeile.', 'Zweite Zeile, etwas länger als dreissig Zeichen.'], 30);
    expect(layout.variables).toEqual([['Erste Zeile.'], ['Zweite Zeile, etwas länger als', 'dreissig Zeichen.']]);
    expect([layout.joined, layout.continued, layout.cutLines, layout.split]).toEqual([0, 0, 0, false]);
  });

  it('joins paragraphs, from the first on, as far as needed to fit 99 variables, losing no word', () => {
    const paragraphs = Array.from({ length: 379 }, (_, i) => paragraph(i, 3));
    const layout = layoutLongText(paragraphs, 30);
    expect(layout.variables).toHaveLength(MAX_VARIABLES);
    expect(layout.joined).toBe(379 - MAX_VARIABLES);
    expect(layout.variables.every((v) => v.length <= MAX_LINES)).toBe(true);
    expect(words(readBack(layout.variables))).toEqual(words(paragraphs.join(' ')));
    // the last paragraphs keep their own variables
    expect(layout.variables.at(-1)).toEqual([paragraphs.at(-1)]);
  });

  it('continues a paragraph longer than 99 lines in the next variable, and cuts only beyond 99 × 99 lines', () => {
    const long = paragraph(0, 600); // about 4,800 characters: more than 99 lines of 30
    const layout = layoutLongText([long, 'Ende.'], 30);
    expect(layout.continued).toBe(1);
    expect(layout.variables.length).toBeGreaterThan(2);
    expect(words(readBack(layout.variables))).toEqual([...words(long), 'Ende.']);
    const huge = Array.from({ length: 120 }, (_, i) => paragraph(i, 600));
    const cut = layoutLongText(huge, 30);
    expect(cut.variables).toHaveLength(MAX_VARIABLES);
    expect(cut.cutLines).toBeGreaterThan(0);
    expect(cut.variables.flat().length + cut.cutLines).toBe(huge.reduce((n, p) => n + layoutLongText([p], 30).variables.flat().length, 0));
  });
});
