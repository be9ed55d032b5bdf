// The command line is parsed before the plugins load (parseArgs) and again with every flag they
// declare (parseDeclared). When the first parse saw none but pi's own flags and no declared flag
// takes one of their names, the second is skipped: it must then have nothing to add. Checked over
// random command lines (pi's flags with and without values, `=` forms, pi's multi-letter shorts,
// messages, @files, `--`, flags nobody declares) and random declarations (new names, pi's own
// names, help and version; every flag type, choices, presets).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CliArgs, declaredChangeNothing, parseArgs, parseDeclared } from "../../cli/args.js";
import type { DeclaredFlag } from "../../compose/declarations.js";

const token = fc.oneof(
  fc.constantFrom("-p", "-c", "--print", "--continue", "--verbose", "--offline", "--no-session", "-nt", "-ns", "--trust", "--", "-x"),
  fc
    .tuple(
      fc.constantFrom("--provider", "--model", "--thinking", "--mode", "--session", "-t"),
      fc.constantFrom("sim", "high", "json", "a,b", "-p"),
    )
    .map(([flag, value]) => [flag, value]),
  fc.constantFrom("--provider=sim", "--thinking=low", "--mode=text"),
  fc.constantFrom("--watch", "--watch=yes", "--level", "--no-color", "--model-x"),
  fc.string({ maxLength: 6 }).map((s) => `@${s}`),
  fc.string({ maxLength: 8 }),
);
const declared: fc.Arbitrary<DeclaredFlag> = fc.record({
  name: fc.constantFrom("watch", "level", "model-x", "no-color", "model", "offline", "session", "help", "version", "print", "p"),
  type: fc.constantFrom("boolean", "string", "number", "list"),
  choices: fc.option(fc.constant(["a", "b"]), { nil: undefined }),
  preset: fc.option(fc.constant("a"), { nil: undefined }),
}) as fc.Arbitrary<DeclaredFlag>;

function first(argv: string[]): CliArgs | undefined {
  try {
    return parseArgs(argv, "1.0.0");
  } catch {
    return undefined; // refused before the plugins load: no second parse either way
  }
}

describe("the second parse of the command line", () => {
  it("is skipped only where it would give what the first gave", () => {
    let skipped = 0;
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 6 }),
        fc.uniqueArray(declared, { selector: (d) => d.name, maxLength: 4 }),
        (tokens, flags) => {
          const argv = tokens.flat();
          const parsed = first(argv);
          if (!parsed || !declaredChangeNothing(parsed, flags)) return;
          skipped++;
          const again = parseDeclared(argv, "1.0.0", flags);
          const { ownFlagsOnly: _, ...same } = parsed;
          expect(again).toEqual(same);
        },
      ),
      { numRuns: 400 },
    );
    expect(skipped).toBeGreaterThan(20);
  });

  it("is not skipped for a flag the plugins declare, or one nobody does", () => {
    const watch: DeclaredFlag = { name: "watch", type: "boolean" } as DeclaredFlag;
    expect(first(["-p", "--watch", "hi"])?.ownFlagsOnly).toBeUndefined();
    expect(first(["-p", "--nope=1", "hi"])?.ownFlagsOnly).toBeUndefined();
    const plain = first(["-c", "-p", "--provider", "sim", "hi"]);
    expect(plain && declaredChangeNothing(plain, [watch])).toBe(true);
    expect(plain && declaredChangeNothing(plain, [{ ...watch, name: "provider" }])).toBe(false);
  });
});
