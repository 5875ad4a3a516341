/** What a lazy view's shell holds for an own key not read yet. */
const NOT_READ = Symbol("recons: not read yet");

/**
 * `source` read through `deliver` for its own enumerable keys (a list: its items), each delivered
 * when first read, by get, descriptor and spread alike. The proxy's target is a shell of the same
 * keys holding only what was delivered: whatever looks past the traps (`util.inspect`, so
 * `console.log`) sees those, never the raw value.
 */
export function lazyView<T extends object>(source: T, deliver: (key: string) => unknown): T {
  let shell: Record<string, unknown>;
  if (Array.isArray(source)) shell = new Array<unknown>(source.length).fill(NOT_READ) as unknown as Record<string, unknown>;
  else {
    shell = Object.create(Object.getPrototypeOf(source)) as Record<string, unknown>;
    for (const key of Object.keys(source)) shell[key] = NOT_READ;
  }
  return new Proxy(shell, new DeliveringHandler(deliver)) as T;
}

/** A class, not an object of arrow functions: its methods are made once, not per view. */
class DeliveringHandler implements ProxyHandler<Record<string, unknown>> {
  constructor(private readonly deliver: (key: string) => unknown) {}

  private read(shell: Record<string, unknown>, key: string): unknown {
    const value = this.deliver(key);
    shell[key] = value;
    return value;
  }

  get(shell: Record<string, unknown>, key: string | symbol, receiver: unknown): unknown {
    const value = Reflect.get(shell, key, receiver);
    return value === NOT_READ && typeof key === "string" ? this.read(shell, key) : value;
  }

  getOwnPropertyDescriptor(shell: Record<string, unknown>, key: string | symbol): PropertyDescriptor | undefined {
    const descriptor = Reflect.getOwnPropertyDescriptor(shell, key);
    return descriptor?.value === NOT_READ && typeof key === "string" ? { ...descriptor, value: this.read(shell, key) } : descriptor;
  }
}
