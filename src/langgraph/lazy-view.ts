/**
 * `source` read through `deliver` for its own enumerable keys (a list: its items), each delivered
 * when first read: a shell of the same keys (same prototype, same length) whose properties are
 * getters that deliver once and then hold the delivered value. An ordinary object, not a Proxy,
 * so `structuredClone`, spread and `JSON.stringify` read it as they read the state; whatever looks
 * without reading (`util.inspect`, so `console.log`) sees getters, never the raw value.
 */
export function lazyView<T extends object>(source: T, deliver: (key: string) => unknown): T {
  const shell = (Array.isArray(source) ? new Array<unknown>(source.length) : Object.create(Object.getPrototypeOf(source))) as Record<string, unknown>;
  delivering.set(shell, deliver);
  if (Array.isArray(source)) for (let index = 0; index < source.length; index++) Object.defineProperty(shell, index, accessorOf(String(index)));
  else for (const key of Object.keys(source)) Object.defineProperty(shell, key, accessorOf(key));
  return shell as T;
}

/** Each shell's `deliver`, where the shared accessors find it (a shell's own property would show in `util.inspect`). */
const delivering = new WeakMap<object, (key: string) => unknown>();

/**
 * One getter/setter pair per key name, shared by every shell: a view is made at each step for each
 * reader, and a pair of closures per item cost 2.5 times as much (13 against 5 µs a 12-item list).
 */
const accessors = new Map<string, PropertyDescriptor>();
/** Key names beyond this many (a state's own keys and list indexes are far fewer) get pairs of their own. */
const MAX_SHARED_ACCESSORS = 65_536;

function accessorOf(key: string): PropertyDescriptor {
  const shared = accessors.get(key);
  if (shared) return shared;
  const accessor: PropertyDescriptor = {
    enumerable: true,
    configurable: true,
    // Methods, not arrows: a bundler keeping function names would name each arrow on every call.
    get(this: object) {
      return deliverOnce(this, key);
    },
    set(this: object, value: unknown) {
      hold(this, key, value);
    },
  };
  if (accessors.size < MAX_SHARED_ACCESSORS) accessors.set(key, accessor);
  return accessor;
}

/** The item delivered into the shell that holds the getter (`this` may be an object made from it with `Object.create`). */
function deliverOnce(reader: object, key: string): unknown {
  let shell: object | null = reader;
  while (shell !== null && !delivering.has(shell)) shell = Object.getPrototypeOf(shell) as object | null;
  if (shell === null) return undefined;
  return hold(shell, key, delivering.get(shell)!(key));
}

/** `value` made the plain data property `key` of `shell` (read once, or written by the reader). */
function hold(shell: object, key: string, value: unknown): unknown {
  Object.defineProperty(shell, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}
