/**
 * Every match of a global pattern in `text`, like `text.matchAll(pattern)` but without the copy of
 * the pattern matchAll makes on each call, which costs about as much as a short scan when a dozen
 * patterns run on every string. Synchronous, so sharing the module-level pattern is safe.
 */
export function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    found.push(m);
    // An empty match would repeat forever; matchAll steps past it the same way.
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return found;
}
