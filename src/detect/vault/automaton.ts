import { EdgeTable, NO_EDGE } from "./edge-table.js";

/**
 * Aho-Corasick automaton over UTF-16 codes: all occurrences of every pattern in one pass.
 * Written here (not taken from npm) because the matcher scans typed buffers of normalized codes,
 * needs integer pattern ids, and must stay compact and fast to build for 10^5+ patterns.
 *
 * Layout: codes map to a compact alphabet (class 0 = a code no pattern contains: back to the
 * root). States are numbered breadth-first; as many as fit a cell budget, shallow ones first (a
 * scan spends nearly all its time there), get a full transition row (a DFA row), so a scan of a
 * small or mid-size vault never follows a failure link; deeper ones keep their sorted children
 * and a failure link.
 */
const NONE = -1;
/** Cells of dense table: every state of a vault of a few thousand values gets a full row. */
const MAX_DENSE_CELLS = 1 << 21;
/** Up to this many states, dense cells are 16-bit: half the cache footprint for the scan. */
const MAX_NARROW_STATES = 1 << 15;

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
  /** The id a scan reports for each pattern: equal patterns end at one state, which reports the last of them. */
  readonly reported: Int32Array;
  /** Alphabet class of each ASCII code, 0 when no pattern holds it. */
  private readonly asciiClass = new Uint8Array(128);
  /** Alphabet class of the non-ASCII codes patterns hold. */
  private readonly wideClass = new Map<number, number>();
  private readonly classes: number;
  /** States [0, denseStates) have a full row in `dense`. */
  private readonly denseStates: number;
  /**
   * Cell = target state << 1 | 1 when the target reports an output: the scan learns both from one
   * load (a separate output lookup per character was a second cache miss).
   */
  private readonly dense: Uint16Array | Int32Array;
  /** Children of state s: classes in [childStart[s], childStart[s + 1]); child k is state k + 1 (breadth-first numbering). */
  private readonly childStart: Int32Array;
  private readonly childClass: Int32Array;
  private readonly fail: Int32Array;
  /** Pattern id ending at a state, or NONE. */
  private readonly output: Int32Array;
  /** Nearest state on the failure chain that has an output, or NONE. */
  private readonly outputLink: Int32Array;
  /** The state itself when it has an output, else its outputLink: the first output to report there. */
  private readonly firstOutput: Int32Array;

  /** `denseCells` caps the dense table (tests lower it to exercise sparse states). */
  constructor(patterns: readonly string[], denseCells = MAX_DENSE_CELLS) {
    this.patternLengths = new Int32Array(patterns.length);
    for (let id = 0; id < patterns.length; id++) this.patternLengths[id] = patterns[id].length;
    this.classes = this.assignClasses(patterns);
    const trie = this.buildTrie(patterns);
    const states = trie.classOfState.length;
    this.reported = trie.ends.map((state) => trie.output[state]);
    // Breadth-first renumbering: shallow states first, the children of a state contiguous.
    const order = new Int32Array(states);
    const renamed = new Int32Array(states);
    this.childStart = new Int32Array(states + 1);
    this.childClass = new Int32Array(states - 1);
    let placed = 1;
    for (let head = 0; head < states; head++) {
      this.childStart[head] = placed - 1;
      for (let c = trie.firstChild[order[head]]; c !== NONE; c = trie.nextSibling[c]) {
        renamed[c] = placed;
        this.childClass[placed - 1] = trie.classOfState[c];
        order[placed++] = c;
      }
    }
    this.childStart[states] = states - 1;
    this.output = new Int32Array(states).fill(NONE);
    for (let old = 0; old < states; old++) this.output[renamed[old]] = trie.output[old];
    this.denseStates = Math.max(1, Math.min(states, Math.floor(denseCells / this.classes)));
    const cells = this.denseStates * this.classes;
    this.dense = states <= MAX_NARROW_STATES ? new Uint16Array(cells) : new Int32Array(cells);
    this.fail = new Int32Array(states);
    this.outputLink = new Int32Array(states).fill(NONE);
    this.firstOutput = new Int32Array(states);
    this.link(states);
  }

  private encode(state: number): number {
    return (state << 1) | (this.firstOutput[state] !== NONE ? 1 : 0);
  }

  /** Classes 1.. for the codes patterns hold; returns the alphabet size (class 0 included). */
  private assignClasses(patterns: readonly string[]): number {
    let next = 1;
    for (let id = 0; id < patterns.length; id++) {
      const pattern = patterns[id];
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        if (code < 128) {
          if (this.asciiClass[code] === 0) this.asciiClass[code] = next++;
        } else if (!this.wideClass.has(code)) this.wideClass.set(code, next++);
      }
    }
    return next;
  }

  /** The pattern trie as first-child / next-sibling lists; edges found through one hash table. */
  private buildTrie(patterns: readonly string[]): Trie {
    const capacity = 1 + patterns.reduce((sum, p) => sum + p.length, 0);
    const firstChild = new Int32Array(capacity).fill(NONE);
    const nextSibling = new Int32Array(capacity).fill(NONE);
    const classOfState = new Int32Array(capacity);
    const output = new Int32Array(capacity).fill(NONE);
    const ends = new Int32Array(patterns.length);
    const edges = new EdgeTable();
    let states = 1;
    for (let id = 0; id < patterns.length; id++) {
      const pattern = patterns[id];
      let state = 0;
      // Past the first new state the path is new: nothing to look up.
      let fresh = false;
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        const cls = code < 128 ? this.asciiClass[code] : this.wideClass.get(code)!;
        let next = fresh ? NO_EDGE : edges.get(state, cls);
        if (next === NO_EDGE) {
          fresh = true;
          next = states++;
          edges.add(state, cls, next);
          classOfState[next] = cls;
          nextSibling[next] = firstChild[state];
          firstChild[state] = next;
        }
        state = next;
      }
      output[state] = id;
      ends[id] = state;
    }
    return {
      ends,
      firstChild: firstChild.subarray(0, states),
      nextSibling: nextSibling.subarray(0, states),
      classOfState: classOfState.subarray(0, states),
      output: output.subarray(0, states),
    };
  }

  private child(state: number, cls: number): number {
    for (let k = this.childStart[state], end = this.childStart[state + 1]; k < end; k++) {
      if (this.childClass[k] === cls) return k + 1;
    }
    return NONE;
  }

  /** Goto with failure: the state reached from `state` on class `cls` (never NONE). */
  private next(state: number, cls: number): number {
    for (let s = state; ; s = this.fail[s]) {
      if (s < this.denseStates) return this.dense[s * this.classes + cls] >> 1;
      const target = this.child(s, cls);
      if (target !== NONE) return target;
    }
  }

  /**
   * Breadth-first: failure = longest proper suffix in the trie; dense rows complete the goto
   * function. A state's children get their links before its row is written, so the row's cells
   * are encoded as written (rows copied from a failure state's row are already).
   */
  private link(states: number): void {
    const { classes } = this;
    this.firstOutput[0] = this.output[0] !== NONE ? 0 : NONE;
    this.dense.fill(this.encode(0), 0, classes);
    for (let s = 0; s < states; s++) {
      const f = this.fail[s];
      for (let k = this.childStart[s]; k < this.childStart[s + 1]; k++) {
        const child = k + 1;
        const failure = s === 0 ? 0 : this.next(f, this.childClass[k]);
        this.fail[child] = failure;
        this.outputLink[child] = this.output[failure] !== NONE ? failure : this.outputLink[failure];
        this.firstOutput[child] = this.output[child] !== NONE ? child : this.outputLink[child];
      }
      if (s < this.denseStates) {
        const row = s * classes;
        if (s !== 0) this.dense.copyWithin(row, f * classes, f * classes + classes);
        for (let k = this.childStart[s]; k < this.childStart[s + 1]; k++) this.dense[row + this.childClass[k]] = this.encode(k + 1);
      }
    }
  }

  /** Append (pattern id, end offset) of every occurrence in codes[0, length), in order of end offset. */
  scan(codes: Uint16Array, length: number, matches: Matches): void {
    // Fields in locals: this loop runs once per character of every message.
    const { asciiClass, wideClass, dense, classes, denseStates, firstOutput, output, outputLink } = this;
    let state = 0;
    for (let i = 0; i < length; i++) {
      const code = codes[i];
      const cls = code < 128 ? asciiClass[code] : (wideClass.get(code) ?? 0);
      // Class 0 leads every dense row back to the root.
      const cell = state < denseStates ? dense[state * classes + cls] : this.encode(cls === 0 ? 0 : this.next(state, cls));
      state = cell >> 1;
      if ((cell & 1) !== 0) for (let s = firstOutput[state]; s !== NONE; s = outputLink[s]) matches.push(output[s], i + 1);
    }
  }
}

interface Trie {
  /** The state each pattern ends at. */
  ends: Int32Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  classOfState: Int32Array;
  output: Int32Array;
}
