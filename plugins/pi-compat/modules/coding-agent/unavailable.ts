// pi names pi-kernel cannot give pi's behaviour for. Each resolves to a function (or class) that,
// when called or constructed, throws an Error naming the missing piece and what to use instead,
// so an extension fails with a reason instead of `undefined is not a function`.

/** Callable, constructible, and every static member (`X.create()`) throws too. */
export type Unavailable = { (...args: unknown[]): never; new (...args: unknown[]): never } & Record<string, (...args: unknown[]) => never>;

/** A stand-in that throws `pi-kernel: <name> <why>` when called or constructed. */
export function unavailable(name: string, why: string): Unavailable {
  const message = `pi-kernel: ${name} ${why}`;
  // A class so both `new X()` and `X()` reach the constructor's throw (a class called without
  // `new` throws a TypeError first, so the callable form is a Proxy over it).
  const stand = class {
    constructor() {
      throw new Error(message);
    }
  };
  Object.defineProperty(stand, "name", { value: name });
  return new Proxy(stand, {
    apply() {
      throw new Error(message);
    },
    get(target, key, receiver) {
      // Static members extensions call (`X.create()`, `X.inMemory()`) fail the same way.
      if (typeof key === "string" && !(key in target) && key !== "then") {
        return () => {
          throw new Error(message);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  }) as unknown as Unavailable;
}
