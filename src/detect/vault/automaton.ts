/**
 * Aho-Corasick automaton over UTF-16 units: all occurrences of every pattern in one pass.
 * Written here (not taken from npm) because the matcher needs integer pattern ids, dictionary
 * suffix links instead of copied output lists, and a compact layout for 10^5+ patterns.
 */
const ALPHABET = 0x10000;
const NONE = -1;

export class Automaton {
  /** Direct transition table of the root state (most lookups happen there). */
  private readonly rootNext = new Int32Array(ALPHABET);
  /** Children of state s: codes/targets in [childStart[s], childStart[s + 1]), sorted by code. */
  private readonly childStart: Int32Array;
  private readonly childCode: Uint16Array;
  private readonly childTarget: Int32Array;
  private readonly fail: Int32Array;
  /** Pattern id ending at a state, or NONE. */
  private readonly output: Int32Array;
  /** Nearest state on the failure chain that has an output, or NONE. */
  private readonly outputLink: Int32Array;
  readonly patternLengths: Int32Array;

  constructor(patterns: readonly string[]) {
    const trie: Map<number, number>[] = [new Map()];
    const outputs: number[] = [NONE];
    this.patternLengths = new Int32Array(patterns.length);
    patterns.forEach((pattern, id) => {
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        let next = trie[state].get(code);
        if (next === undefined) {
          next = trie.length;
          trie.push(new Map());
          outputs.push(NONE);
          trie[state].set(code, next);
        }
        state = next;
      }
      outputs[state] = id;
      this.patternLengths[id] = pattern.length;
    });
    const states = trie.length;
    this.childStart = new Int32Array(states + 1);
    let edges = 0;
    for (let s = 0; s < states; s++) {
      this.childStart[s] = edges;
      edges += trie[s].size;
    }
    this.childStart[states] = edges;
    this.childCode = new Uint16Array(edges);
    this.childTarget = new Int32Array(edges);
    for (let s = 0; s < states; s++) {
      const sorted = [...trie[s]].sort((a, b) => a[0] - b[0]);
      sorted.forEach(([code, target], k) => {
        this.childCode[this.childStart[s] + k] = code;
        this.childTarget[this.childStart[s] + k] = target;
      });
    }
    for (const [code, target] of trie[0]) this.rootNext[code] = target;
    this.output = Int32Array.from(outputs);
    this.fail = new Int32Array(states);
    this.outputLink = new Int32Array(states).fill(NONE);
    this.linkFailures(trie);
  }

  /** Breadth-first: a state's failure is the longest proper suffix of its path that is in the trie. */
  private linkFailures(trie: Map<number, number>[]): void {
    const queue: number[] = [];
    for (const child of trie[0].values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [code, child] of trie[state]) {
        let f = this.fail[state];
        let target = this.step(f, code);
        while (target === NONE && f !== 0) {
          f = this.fail[f];
          target = this.step(f, code);
        }
        const failure = target === NONE || target === child ? 0 : target;
        this.fail[child] = failure;
        this.outputLink[child] = this.output[failure] !== NONE ? failure : this.outputLink[failure];
        queue.push(child);
      }
    }
  }

  /** Goto function of one state, NONE when there is no edge (the root has one for every code). */
  private step(state: number, code: number): number {
    if (state === 0) return this.rootNext[code];
    let low = this.childStart[state];
    let high = this.childStart[state + 1] - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const c = this.childCode[mid];
      if (c === code) return this.childTarget[mid];
      if (c < code) low = mid + 1;
      else high = mid - 1;
    }
    return NONE;
  }

  /** Calls onMatch(patternId, start, end) for every occurrence, in order of end offset. */
  scan(text: string, onMatch: (patternId: number, start: number, end: number) => void): void {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let next = this.step(state, code);
      while (next === NONE) {
        state = this.fail[state];
        next = this.step(state, code);
      }
      state = next;
      for (let s = this.output[state] !== NONE ? state : this.outputLink[state]; s !== NONE; s = this.outputLink[s]) {
        const id = this.output[s];
        onMatch(id, i + 1 - this.patternLengths[id], i + 1);
      }
    }
  }
}
