// The xterm-256color terminfo entry that neo-blessed ships, parsed and its capabilities compiled to
// JavaScript at build time. The build replaces this module's output with the generated table
// (scripts/terminfo-table.mjs, through scripts/bundle-dist.mjs); run from source (tests) there is no
// table, and neo-blessed reads, parses and compiles the file itself, as it always did.

/** A capability as neo-blessed compiles it: the terminal's parameters in, the escape sequence out. */
export type CompiledCap = (params: unknown) => unknown;

export interface TerminfoTable {
  /** A fresh parse result of `file`, as neo-blessed's parser returns it (its compiler adds to it). */
  info(file: string): object;
  /** The string capabilities, compiled by neo-blessed's compiler with the frame's options. */
  caps: Record<string, CompiledCap>;
}

export const shippedXterm256: TerminfoTable | undefined = undefined;
