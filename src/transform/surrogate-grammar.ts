/**
 * The words a surrogate's grammar reaches past its span: the article before it (`an Sales` of `an Engineering`) and a possessive
 * apostrophe after it (`Tucker'` of `Davis'`). Left as the real value had them, they told its first sound or its last letter
 * (round 24 audit of the dev replay).
 */

/** An article ending the text before a span, emphasis between too (`an **Sales**`; group 1 the article, its case kept). */
const ARTICLE_BEFORE = /(?<![\p{L}\d])(an?|An?|AN?)([ \t]+(?:[*_`"“]{1,2})?)$/u;
/** Characters before a span read for ARTICLE_BEFORE. */
const ARTICLE_REACH = 8;
/** Letters whose name starts with a vowel sound: an acronym opening with one takes `an` (`an HR`, `a QA`). */
const VOWEL_SOUND_LETTERS = new Set([..."AEFHILMNORSX"]);
/** Words that open with a vowel letter and a consonant sound (`a user`, `a European`, `a one-time`). */
const CONSONANT_SOUND_START = /^(?:u[bcdfgjklmnpqrstvwxz][aeiou]|eu|one|once|uni|use|usu|ura)/i;
/** Words that open with a silent `h` (`an hour`, `an honest`). */
const SILENT_H = /^(?:hour|honest|honou?r|heir)/i;

/** Whether `word` takes `an`. */
function takesAn(word: string): boolean {
  if (/^[A-Z]{2,5}\b/.test(word)) return VOWEL_SOUND_LETTERS.has(word[0]);
  if (SILENT_H.test(word)) return true;
  return /^[aeiou]/i.test(word) && !CONSONANT_SOUND_START.test(word);
}

/** The article a written one (`a`, `An`) becomes before `word`, in its case. */
function articleLike(written: string, word: string): string {
  const article = takesAn(word) ? "an" : "a";
  if (written === written.toUpperCase() && written.length > 1) return article.toUpperCase();
  return /^\p{Lu}/u.test(written) ? article[0].toUpperCase() + article.slice(1) : article;
}

/**
 * `before` (the output so far) with its last article fitted to `replacement`, when the replaced `original` took the other one; both
 * words (a placeholder such as `[REDACTED:name#..]` takes the article written before it, and gives it back as written).
 */
export function withArticleFor(before: string, original: string, replacement: string): string {
  const match = ARTICLE_BEFORE.exec(before.slice(-ARTICLE_REACH));
  if (match === null || !/^\p{L}/u.test(replacement) || !/^\p{L}/u.test(original) || takesAn(original) === takesAn(replacement)) return before;
  return `${before.slice(0, before.length - match[0].length)}${articleLike(match[1], replacement)}${match[2]}`;
}

/**
 * A text built from pieces (the input between spans and what replaces each span), with the article before each replacement fitted
 * to it as it is written. A string grown with `+=` and read at its end is copied whole at each read: quadratic in a text of
 * thousands of spans.
 */
export class OutputText {
  private readonly pieces: string[] = [];
  length = 0;

  append(piece: string): void {
    if (piece === "") return;
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** The article ending the text so far fitted to `replacement`, written in place of `original` (`withArticleFor`). */
  fitArticle(original: string, replacement: string): void {
    const end = this.end(ARTICLE_REACH);
    const fitted = withArticleFor(end, original, replacement);
    if (fitted === end) return;
    this.dropEnd(end.length);
    this.append(fitted);
  }

  toString(): string {
    return this.pieces.join("");
  }

  /** The last `count` characters (fewer in a shorter text). */
  private end(count: number): string {
    let end = "";
    for (let k = this.pieces.length - 1; k >= 0 && end.length < count; k--) end = this.pieces[k].slice(-(count - end.length)) + end;
    return end;
  }

  private dropEnd(count: number): void {
    this.length -= count;
    while (count > 0) {
      const last = this.pieces.pop()!;
      if (last.length > count) this.pieces.push(last.slice(0, last.length - count));
      count -= Math.min(count, last.length);
    }
  }
}

/** An apostrophe alone closing a possessive before the word it owns (`Davis' income`, `**Davis'** file`): not `'s`, nor a list's closing quote (`'Davis',`). */
const BARE_POSSESSIVE = /^['’](?=[*_]{0,2}[ \t]+[\p{L}\d])/u;
/** A quote opening the span: its apostrophe after closes the quote (`'Davis' and 'Page'`, round 24 re-audit), not a possessive. */
const OPENING_QUOTE = /['‘’"“]$/;

/**
 * The possessive's ending after `replacement` where `original` ended in `s` and took the apostrophe alone (`Davis'`): `'s` after a
 * surrogate that does not (`Tucker's`), with the apostrophe as written; null where nothing changes. `before` is the text before the span.
 */
export function possessiveAfter(before: string, after: string, original: string, replacement: string): string | null {
  if (!/s$/i.test(original) || /s$/i.test(replacement) || !/\p{L}$/u.test(replacement) || OPENING_QUOTE.test(before)) return null;
  const apostrophe = BARE_POSSESSIVE.exec(after)?.[0];
  return apostrophe === undefined ? null : `${apostrophe}${/\p{Lu}$/u.test(replacement) && replacement === replacement.toUpperCase() ? "S" : "s"}`;
}
