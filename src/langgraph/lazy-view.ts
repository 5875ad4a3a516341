/**
 * `source` read through `deliver` for its own enumerable keys (a list: its items), each delivered
 * when first read: a shell of the same keys (same prototype, same length) whose properties are
 * getters that deliver once and then hold the delivered value. An ordinary object, not a Proxy,
 * so `structuredClone`, spread and `JSON.stringify` read it as they read the state; whatever looks
 * without reading (`util.inspect`, so `console.log`) sees getters, never the raw value.
 */
export function lazyView<T extends object>(source: T, deliver: (key: string) => unknown): T {
  const shell = (Array.isArray(source) ? new Array<unknown>(source.length) : Object.create(Object.getPrototypeOf(source))) as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    Object.defineProperty(shell, key, {
      enumerable: true,
      configurable: true,
      // Methods, not arrows: a bundler keeping function names would name each arrow on every call.
      get() {
        return hold(shell, key, deliver(key));
      },
      set(value: unknown) {
        hold(shell, key, value);
      },
    });
  }
  return shell as T;
}

/** `value` made the plain data property `key` of `shell` (read once, or written by the reader). */
function hold(shell: Record<string, unknown>, key: string, value: unknown): unknown {
  Object.defineProperty(shell, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}
