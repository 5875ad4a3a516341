/**
 * Aho-Corasick automaton over UTF-16 codes: all occurrences of every pattern in one pass.
 * Written here (not taken from npm) because the matcher scans typed buffers of normalized codes,
 * needs integer pattern ids, and must stay compact and fast to build for 10^5+ patterns.
 *
 * Layout: codes map to a compact alphabet (class 0 = a code no pattern contains: back to the
 * root). States are numbered breadth-first; the shallow ones, where a scan spends nearly all its
 * time, get a full transition row (a DFA row); deeper ones keep their sorted children and a
 * failure link.
 */
const NONE = -1;
/** Shallow states with a full row: at least this many, or this fraction of all states... */
const MIN_DENSE_ROWS = 256;
const DENSE_FRACTION = 1 / 8;
/** ...within this many cells (Int32) of dense table. */
const MAX_DENSE_CELLS = 1 << 21;

/** Occurrences found by a scan, in reusable growing buffers: pattern ids and end offsets. */
export class Matches {
  ids = new Int32Array(64);
  ends = new Int32Array(64);
  count = 0;

  push(id: number, end: number): void {
    if (this.count === this.ids.length) {
      const ids = new Int32Array(this.count * 2);
      const ends = new Int32Array(this.count * 2);
      ids.set(this.ids);
      ends.set(this.ends);
      this.ids = ids;
      this.ends = ends;
    }
    this.ids[this.count] = id;
    this.ends[this.count++] = end;
  }
}

export class Automaton {
  readonly patternLengths: Int32Array;
  /** Alphabet class of each ASCII code, 0 when no pattern holds it. */
  private readonly asciiClass = new Uint8Array(128);
  /** Alphabet class of the non-ASCII codes patterns hold. */
  private readonly wideClass = new Map<number, number>();
  private readonly classes: number;
  /** States [0, denseStates) have a full row in `dense`. */
  private readonly denseStates: number;
  private readonly dense: Int32Array;
  /** Children of state s: classes/targets in [childStart[s], childStart[s + 1]), sorted by class. */
  private readonly childStart: Int32Array;
  private readonly childClass: Int32Array;
  private readonly childTarget: Int32Array;
  private readonly fail: Int32Array;
  /** Pattern id ending at a state, or NONE. */
  private readonly output: Int32Array;
  /** Nearest state on the failure chain that has an output, or NONE. */
  private readonly outputLink: Int32Array;

  constructor(patterns: readonly string[]) {
    this.patternLengths = new Int32Array(patterns.length);
    for (let id = 0; id < patterns.length; id++) this.patternLengths[id] = patterns[id].length;
    this.classes = this.assignClasses(patterns);
    const trie = this.buildTrie(patterns);
    const states = trie.classOfState.length;
    // Breadth-first renumbering: shallow states first, the children of a state contiguous.
    const order = new Int32Array(states);
    const renamed = new Int32Array(states);
    this.childStart = new Int32Array(states + 1);
    this.childClass = new Int32Array(states - 1);
    this.childTarget = new Int32Array(states - 1);
    let placed = 1;
    for (let head = 0; head < states; head++) {
      this.childStart[head] = placed - 1;
      for (let c = trie.firstChild[order[head]]; c !== NONE; c = trie.nextSibling[c]) {
        renamed[c] = placed;
        this.childClass[placed - 1] = trie.classOfState[c];
        this.childTarget[placed - 1] = placed;
        order[placed++] = c;
      }
    }
    this.childStart[states] = states - 1;
    this.output = new Int32Array(states).fill(NONE);
    for (let old = 0; old < states; old++) this.output[renamed[old]] = trie.output[old];
    const rows = Math.max(MIN_DENSE_ROWS, Math.floor(states * DENSE_FRACTION));
    this.denseStates = Math.max(1, Math.min(states, rows, Math.floor(MAX_DENSE_CELLS / this.classes)));
    this.dense = new Int32Array(this.denseStates * this.classes);
    this.fail = new Int32Array(states);
    this.outputLink = new Int32Array(states).fill(NONE);
    this.link(states);
  }

  /** Classes 1.. for the codes patterns hold; returns the alphabet size (class 0 included). */
  private assignClasses(patterns: readonly string[]): number {
    let next = 1;
    for (const pattern of patterns) {
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        if (code < 128) {
          if (this.asciiClass[code] === 0) this.asciiClass[code] = next++;
        } else if (!this.wideClass.has(code)) this.wideClass.set(code, next++);
      }
    }
    return next;
  }

  /** The pattern trie as first-child / next-sibling lists; edges found through one numeric-keyed map. */
  private buildTrie(patterns: readonly string[]): Trie {
    const capacity = 1 + patterns.reduce((sum, p) => sum + p.length, 0);
    const firstChild = new Int32Array(capacity).fill(NONE);
    const nextSibling = new Int32Array(capacity).fill(NONE);
    const classOfState = new Int32Array(capacity);
    const output = new Int32Array(capacity).fill(NONE);
    const edges = new Map<number, number>();
    let states = 1;
    for (let id = 0; id < patterns.length; id++) {
      const pattern = patterns[id];
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        const cls = code < 128 ? this.asciiClass[code] : this.wideClass.get(code)!;
        const key = state * this.classes + cls;
        let next = edges.get(key);
        if (next === undefined) {
          next = states++;
          edges.set(key, next);
          classOfState[next] = cls;
          nextSibling[next] = firstChild[state];
          firstChild[state] = next;
        }
        state = next;
      }
      output[state] = id;
    }
    return {
      firstChild: firstChild.subarray(0, states),
      nextSibling: nextSibling.subarray(0, states),
      classOfState: classOfState.subarray(0, states),
      output: output.subarray(0, states),
    };
  }

  private child(state: number, cls: number): number {
    for (let k = this.childStart[state], end = this.childStart[state + 1]; k < end; k++) {
      if (this.childClass[k] === cls) return this.childTarget[k];
    }
    return NONE;
  }

  /** Goto with failure: the state reached from `state` on class `cls` (never NONE). */
  private next(state: number, cls: number): number {
    for (let s = state; ; s = this.fail[s]) {
      if (s < this.denseStates) return this.dense[s * this.classes + cls];
      const target = this.child(s, cls);
      if (target !== NONE) return target;
    }
  }

  /** Breadth-first: failure = longest proper suffix in the trie; dense rows complete the goto function. */
  private link(states: number): void {
    const { classes } = this;
    for (let s = 0; s < states; s++) {
      const f = this.fail[s];
      if (s < this.denseStates) {
        const row = s * classes;
        if (s !== 0) this.dense.copyWithin(row, f * classes, f * classes + classes);
        for (let k = this.childStart[s]; k < this.childStart[s + 1]; k++) this.dense[row + this.childClass[k]] = this.childTarget[k];
      }
      for (let k = this.childStart[s]; k < this.childStart[s + 1]; k++) {
        const child = this.childTarget[k];
        const failure = s === 0 ? 0 : this.next(f, this.childClass[k]);
        this.fail[child] = failure;
        this.outputLink[child] = this.output[failure] !== NONE ? failure : this.outputLink[failure];
      }
    }
  }

  /** Append (pattern id, end offset) of every occurrence in codes[0, length), in order of end offset. */
  scan(codes: Uint16Array, length: number, matches: Matches): void {
    const { asciiClass, output, outputLink } = this;
    let state = 0;
    for (let i = 0; i < length; i++) {
      const code = codes[i];
      const cls = code < 128 ? asciiClass[code] : (this.wideClass.get(code) ?? 0);
      if (cls === 0) {
        state = 0;
        continue;
      }
      state = state < this.denseStates ? this.dense[state * this.classes + cls] : this.next(state, cls);
      for (let s = output[state] !== NONE ? state : outputLink[state]; s !== NONE; s = outputLink[s]) matches.push(output[s], i + 1);
    }
  }
}

interface Trie {
  firstChild: Int32Array;
  nextSibling: Int32Array;
  classOfState: Int32Array;
  output: Int32Array;
}
