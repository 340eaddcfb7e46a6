/** The title of a note text for formats whose remarks have none (`core/model/note-title.ts`). */
import { describe, expect, it } from 'vitest';
import { noteTitleToAdd } from '../../core/model/note-title.js';

describe('noteTitleToAdd', () => {
  it('gives the short text on one line where the long text does not start with it', () => {
    expect(noteTitleToAdd({ shortText: '  Abgabe\n bis  15. August ', longText: 'Dies ist ein Beispielprojekt' })).toBe('Abgabe bis 15. August');
    expect(noteTitleToAdd({ shortText: 'Hinweis', longText: undefined })).toBe('Hinweis');
  });

  it('gives nothing without a short text or where the long text starts with it (white space aside)', () => {
    expect(noteTitleToAdd({ shortText: undefined, longText: 'Text' })).toBeUndefined();
    expect(noteTitleToAdd({ shortText: ' \n ', longText: 'Text' })).toBeUndefined();
    expect(noteTitleToAdd({ shortText: 'Hinweis Stundenlohnarbeiten', longText: '  Hinweis\nStundenlohnarbeiten\nStundenlohnarbeiten, die …' })).toBeUndefined();
    expect(noteTitleToAdd(undefined)).toBeUndefined();
  });
});
