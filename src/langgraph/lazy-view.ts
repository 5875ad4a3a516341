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
  if (Array.isArray(source)) for (let index = 0; index < source.length; index++) Object.defineProperty(shell, index, itemAccessor(index));
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
/** A list's items by index, without naming the index for each item of each view. */
const itemAccessors: PropertyDescriptor[] = [];
/** Key names (and indexes) beyond this many (a state's own keys and list indexes are far fewer) get pairs of their own. */
const MAX_SHARED_ACCESSORS = 65_536;

function accessorOf(key: string): PropertyDescriptor {
  let accessor = accessors.get(key);
  if (accessor === undefined) {
    accessor = newAccessor(key);
    if (accessors.size < MAX_SHARED_ACCESSORS) accessors.set(key, accessor);
  }
  return accessor;
}

function itemAccessor(index: number): PropertyDescriptor {
  if (index >= MAX_SHARED_ACCESSORS) return newAccessor(String(index));
  return (itemAccessors[index] ??= newAccessor(String(index)));
}

function newAccessor(key: string): PropertyDescriptor {
  return {
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
}

/** The item delivered into the shell that holds the getter (`this` may be an object made from it with `Object.create`). */
function deliverOnce(reader: object, key: string): unknown {
  for (let shell: object | null = reader; shell !== null; shell = Object.getPrototypeOf(shell) as object | null) {
    const deliver = delivering.get(shell);
    if (deliver) return hold(shell, key, deliver(key));
  }
  return undefined;
}

/** `value` made the plain data property `key` of `shell` (read once, or written by the reader). */
function hold(shell: object, key: string, value: unknown): unknown {
  Object.defineProperty(shell, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}
