// What a pi export that pi-kernel cannot provide resolves to: a function (or class) that throws an
// Error naming the export and the missing piece when called (or constructed), so an extension that
// reaches it fails with a message it can report instead of `undefined is not a function`.

export class PiCompatUnavailableError extends Error {
  constructor(
    readonly exportName: string,
    readonly missing: string,
  ) {
    super(`${exportName} is not available in pi-kernel: ${missing}`);
    this.name = "PiCompatUnavailableError";
  }
}

/** A function that throws naming `name` and what is missing. */
export function unavailable(name: string, missing: string): (...args: unknown[]) => never {
  const fn = (..._args: unknown[]): never => {
    throw new PiCompatUnavailableError(name, missing);
  };
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}

/** A class whose constructor throws naming `name` and what is missing. */
export function unavailableClass(name: string, missing: string): new (...args: unknown[]) => never {
  const cls = class {
    constructor(..._args: unknown[]) {
      throw new PiCompatUnavailableError(name, missing);
    }
  };
  Object.defineProperty(cls, "name", { value: name });
  return cls as unknown as new (
    ...args: unknown[]
  ) => never;
}
