/**
 * Plain long texts that a reader derived in the same pass as the HTML ones (GAEB DA XML: `PlainTextSink` fed
 * with the same tags and text as the HTML), handed to the normalisation so that it need not convert that HTML
 * again. The rule of the normalisation is unchanged: a non-empty `htmlLongText` wins and `longText` is
 * `htmlToPlainText` of it; a recorded text is only taken for the description and the very HTML it was made for.
 * A reader creates one instance per read and returns it with its project (`ReadResult` of the plugin contract);
 * the pipeline passes it to `prepareProject` / `normalizeProject` as an option. No state is kept at module level.
 */
import { htmlToPlainText } from '../text/plain-text.js';

/**
 * The plain long texts a reader derived in the same pass as the HTML of its descriptions (with a `PlainTextSink`),
 * in the order it finished them, which is the document order and almost always the order the normalisation
 * visits the descriptions in. The normalisation then takes each for the description and the very HTML it was
 * derived from instead of converting that HTML again; anything else is converted as usual.
 */
export class DerivedPlainTexts {
  private readonly owners: object[] = [];
  private readonly htmls: string[] = [];
  private readonly plains: string[] = [];
  private next = 0;
  /** Positions of the records not yet taken, built at the first description met out of order. */
  private index: Map<object, number> | undefined;

  /** Records that `plain` is `htmlToPlainText(html)` for the description `owner`. */
  add(owner: object, html: string, plain: string): void {
    this.owners.push(owner);
    this.htmls.push(html);
    this.plains.push(plain);
  }

  /**
   * The description `owner`'s HTML was extended by content that has no plain text (an image after its text): its
   * latest record not yet taken now holds `html`, with the same plain text. Nothing is recorded when it has none.
   */
  extend(owner: object, html: string): void {
    for (let i = this.owners.length - 1; i >= this.next; i--) {
      if (this.owners[i] === owner) {
        this.htmls[i] = html;
        return;
      }
    }
  }

  /** The plain text of `html` for the description `owner`: the recorded text when it is for this very HTML, else `convert(html)`. */
  plainTextFor(owner: object, html: string, convert: (html: string) => string = htmlToPlainText): string {
    let i = this.next;
    if (this.owners[i] === owner) this.next++;
    else {
      if (this.index === undefined) {
        this.index = new Map();
        for (let j = this.owners.length - 1; j >= this.next; j--) this.index.set(this.owners[j], j);
      }
      i = this.index.get(owner) ?? -1;
    }
    return i >= 0 && i < this.owners.length && this.htmls[i] === html ? this.plains[i] : convert(html);
  }
}
