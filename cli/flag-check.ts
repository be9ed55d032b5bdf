// The command line checked against every flag the composed agent declares, once its plugins (pi
// extensions included) are set up and before any surface runs: an unknown flag or a value
// outside a flag's choices is the run's end (exit 2), never a silently weaker run. Declared
// plugin flags get their typed values (a number, a list, a boolean that took no value).
import { declaredFlags } from "../compose/declarations.js";
import type { Kernel } from "../kernel/index.js";
import { camel, declaredChangeNothing, parseDeclared, type CliArgs } from "./args.js";

/**
 * The parsed arguments, or what is wrong with them. `flags` (the plugins' flags object) gets the typed plugin flags.
 * `first` is what the first parse (`parseArgs`) gave: when the declared flags change nothing, it is the answer
 * (commander building and parsing a program of ~50 options again was ~4 ms of every start).
 */
export function checkDeclaredFlags(
  kernel: Kernel,
  flags: Record<string, unknown>,
  argv: string[],
  version: string,
  first?: CliArgs,
): CliArgs | string {
  const declared = declaredFlags(kernel);
  if (first && declaredChangeNothing(first, declared)) return first;
  const parsed = parseDeclared(argv, version, declared);
  if (typeof parsed === "string") return parsed;
  for (const { name } of declared) {
    const key = camel(name);
    if (parsed.flags[key] !== undefined) flags[key] = parsed.flags[key];
  }
  return parsed;
}
