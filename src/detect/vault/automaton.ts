/**
 * Aho-Corasick automaton over UTF-16 codes: all occurrences of every pattern in one pass.
 * Written here (not taken from npm) because the matcher scans typed buffers of normalized codes,
 * needs integer pattern ids, and must stay compact and fast to build for 10^5+ patterns.
 *
 * Layout: codes map to a compact alphabet (class 0 = a code no pattern contains: back to the
 * root). States are numbered breadth-first, each with its children and a failure link. The
 * shallowest states get their full transition row (a DFA row) at once, the others when a scan
 * first reaches them, up to a cell budget: a guard's automaton is built per session and scans a
 * few KB, so rows for states no text reaches would cost more to build than the whole scan; once
 * made, a row spares every later visit the failure chain.
 */
const NONE = -1;
/** Cells of row storage: every state a scan reaches in a vault of a few thousand values gets a full row. */
const MAX_DENSE_CELLS = 1 << 21;
/** Up to this many states, row cells are 16-bit: half the cache footprint for the scan. */
const MAX_NARROW_STATES = 1 << 15;
/**
 * Rows made with the automaton, for its shallowest states (breadth-first order): scans spend most of
 * their time there, and making those rows during scans cost ~10 % of sanitizing. Row storage first
 * holds this many rows; it doubles as scans reach more states.
 */
const EAGER_ROWS = 256;

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
  /** Most cells `rows` may hold. */
  private readonly maxCells: number;
  /**
   * Full transition rows of the states scans reached; cell = target state << 1 | 1 when the target
   * reports an output: the scan learns both from one load (a separate output lookup per character
   * was a second cache miss).
   */
  private rows: Uint16Array | Int32Array;
  private usedCells = 0;
  /** Offset of each state's row in `rows`, or NONE while it has none. */
  private readonly rowOf: Int32Array;
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

  /** `denseCells` caps the row storage (tests lower it to exercise states without a row). */
  constructor(patterns: readonly string[], denseCells = MAX_DENSE_CELLS) {
    this.patternLengths = new Int32Array(patterns.length);
    for (let id = 0; id < patterns.length; id++) this.patternLengths[id] = patterns[id].length;
    const encoded = this.patternClasses(patterns);
    this.classes = encoded.alphabet;
    const trie = this.buildTrie(encoded);
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
    this.fail = new Int32Array(states);
    this.outputLink = new Int32Array(states).fill(NONE);
    this.firstOutput = new Int32Array(states);
    this.rowOf = new Int32Array(states).fill(NONE);
    this.link(states);
    this.maxCells = Math.max(this.classes, Math.min(states, Math.floor(denseCells / this.classes)) * this.classes);
    // A small automaton (a delta of recent adds, rebuilt on each) gets storage for its own rows only.
    const cells = Math.min(this.maxCells, Math.min(states, EAGER_ROWS) * this.classes);
    this.rows = states <= MAX_NARROW_STATES ? new Uint16Array(cells) : new Int32Array(cells);
    this.makeRow(0, NONE);
    for (let state = 1; state < Math.min(states, EAGER_ROWS); state++) if (this.makeRow(state, this.rowOf[this.fail[state]]) === NONE) break;
  }

  private encode(state: number): number {
    return (state << 1) | (this.firstOutput[state] !== NONE ? 1 : 0);
  }

  /**
   * Every pattern as its alphabet classes, side by side (pattern id's in [start[id], start[id + 1])),
   * classes 1.. numbered as codes first appear (`alphabet`: their count, class 0 included). The trie
   * is built from these typed arrays: the pattern strings, of every internal representation V8 has,
   * are read once.
   */
  private patternClasses(patterns: readonly string[]): EncodedPatterns {
    const start = new Int32Array(patterns.length + 1);
    for (let id = 0; id < patterns.length; id++) start[id + 1] = start[id] + patterns[id].length;
    const classOf = new Uint16Array(start[patterns.length]);
    let next = 1;
    for (let id = 0, at = 0; id < patterns.length; id++) {
      const pattern = patterns[id];
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        let cls = code < 128 ? this.asciiClass[code] : (this.wideClass.get(code) ?? 0);
        if (cls === 0) {
          cls = next++;
          if (code < 128) this.asciiClass[code] = cls;
          else this.wideClass.set(code, cls);
        }
        classOf[at++] = cls;
      }
    }
    return { classOf, start, alphabet: next };
  }

  /**
   * The pattern trie as first-child / next-sibling lists, built in sorted pattern order: a pattern
   * shares with the one before exactly their common prefix, so no edge is ever looked up.
   */
  private buildTrie({ classOf, start }: EncodedPatterns): Trie {
    const count = start.length - 1;
    const capacity = 1 + classOf.length;
    const firstChild = new Int32Array(capacity).fill(NONE);
    const nextSibling = new Int32Array(capacity).fill(NONE);
    const classOfState = new Int32Array(capacity);
    const output = new Int32Array(capacity).fill(NONE);
    const ends = new Int32Array(count);
    let longest = 0;
    for (let id = 0; id < count; id++) longest = Math.max(longest, start[id + 1] - start[id]);
    // Any order that keeps patterns with a common prefix together; stable, so equal patterns keep
    // id order and the last of them is the one their state reports.
    const sorted = Array.from({ length: count }, (_, id) => id).sort((a, b) => {
      const aEnd = start[a + 1];
      const bEnd = start[b + 1];
      for (let i = start[a], j = start[b]; i < aEnd && j < bEnd; i++, j++) if (classOf[i] !== classOf[j]) return classOf[i] - classOf[j];
      return aEnd - start[a] - (bEnd - start[b]);
    });
    /** path[d]: the state of the previous pattern's first d codes. */
    const path = new Int32Array(longest + 1);
    let previous = 0;
    let previousLength = 0;
    let states = 1;
    for (const id of sorted) {
      const from = start[id];
      const length = start[id + 1] - from;
      const limit = Math.min(previousLength, length);
      let shared = 0;
      while (shared < limit && classOf[previous + shared] === classOf[from + shared]) shared++;
      let state = path[shared];
      for (let i = shared; i < length; i++) {
        const next = states++;
        classOfState[next] = classOf[from + i];
        nextSibling[next] = firstChild[state];
        firstChild[state] = next;
        path[i + 1] = next;
        state = next;
      }
      output[state] = id;
      ends[id] = state;
      previous = from;
      previousLength = length;
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

  /** Goto with failure: the state reached from `state` on class `cls` (never NONE; the root's missing children lead back to it). */
  private next(state: number, cls: number): number {
    for (let s = state; ; s = this.fail[s]) {
      const row = this.rowOf[s];
      if (row !== NONE) return this.rows[row + cls] >> 1;
      const target = this.child(s, cls);
      if (target !== NONE || s === 0) return target === NONE ? 0 : target;
    }
  }

  /** Breadth-first: failure = longest proper suffix in the trie (no rows exist yet). */
  private link(states: number): void {
    this.firstOutput[0] = this.output[0] !== NONE ? 0 : NONE;
    for (let s = 0; s < states; s++) {
      const f = this.fail[s];
      for (let k = this.childStart[s]; k < this.childStart[s + 1]; k++) {
        const child = k + 1;
        const failure = s === 0 ? 0 : this.next(f, this.childClass[k]);
        this.fail[child] = failure;
        this.outputLink[child] = this.output[failure] !== NONE ? failure : this.outputLink[failure];
        this.firstOutput[child] = this.output[child] !== NONE ? child : this.outputLink[child];
      }
    }
  }

  /**
   * The offset of `state`'s row, made now if it has none, or NONE when the storage is full. A row
   * is its failure state's row with the state's own children written over it, so the failure
   * chain's states without a row get theirs first, shallowest first, in a loop: such a chain can be
   * as long as a pattern (a value of thousands of characters), too deep for recursion.
   */
  private rowFor(state: number): number {
    // Storage full (a vault of 10^4+ values): the scan follows failure links, with no chain walked and no list made per character first.
    if (this.usedCells + this.classes > this.maxCells) return NONE;
    const pending: number[] = [];
    // The root's row is made first of all, so every chain ends at a state with a row.
    for (let s = state; this.rowOf[s] === NONE; s = this.fail[s]) pending.push(s);
    for (let k = pending.length - 1; k >= 0; k--) {
      if (this.makeRow(pending[k], this.rowOf[this.fail[pending[k]]]) === NONE) return NONE;
    }
    return this.rowOf[state];
  }

  /** Make `state`'s row from the row at `from` (NONE for the root's: every class leads back to it). */
  private makeRow(state: number, from: number): number {
    const { classes } = this;
    if (this.usedCells + classes > this.maxCells) return NONE;
    if (this.usedCells + classes > this.rows.length) {
      const grown = this.rows instanceof Uint16Array ? new Uint16Array(Math.min(this.maxCells, this.rows.length * 2)) : new Int32Array(Math.min(this.maxCells, this.rows.length * 2));
      grown.set(this.rows);
      this.rows = grown;
    }
    const row = this.usedCells;
    this.usedCells += classes;
    if (from === NONE) this.rows.fill(this.encode(0), row, row + classes);
    else this.rows.copyWithin(row, from, from + classes);
    for (let k = this.childStart[state]; k < this.childStart[state + 1]; k++) this.rows[row + this.childClass[k]] = this.encode(k + 1);
    this.rowOf[state] = row;
    return row;
  }

  /** Append (pattern id, end offset) of every occurrence in codes[0, length), in order of end offset. */
  scan(codes: Uint16Array, length: number, matches: Matches): void {
    // Fields in locals: this loop runs once per character of every message.
    const { asciiClass, wideClass, rowOf, firstOutput, output, outputLink } = this;
    let { rows } = this;
    let state = 0;
    for (let i = 0; i < length; i++) {
      const code = codes[i];
      const cls = code < 128 ? asciiClass[code] : (wideClass.get(code) ?? 0);
      let row = rowOf[state];
      if (row === NONE) {
        row = this.rowFor(state);
        rows = this.rows;
      }
      // Class 0 leads every row back to the root.
      const cell = row !== NONE ? rows[row + cls] : this.encode(cls === 0 ? 0 : this.next(state, cls));
      state = cell >> 1;
      if ((cell & 1) !== 0) for (let s = firstOutput[state]; s !== NONE; s = outputLink[s]) matches.push(output[s], i + 1);
    }
  }
}

interface EncodedPatterns {
  classOf: Uint16Array;
  start: Int32Array;
  alphabet: number;
}

interface Trie {
  /** The state each pattern ends at. */
  ends: Int32Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  classOfState: Int32Array;
  output: Int32Array;
}
