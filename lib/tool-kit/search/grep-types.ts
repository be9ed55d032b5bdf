// What a grep asks for, and what both engines (ripgrep and the built-in one) give: matches in
// search order.

export interface GrepQuery {
  pattern: string;
  /** Absolute file or directory to search. */
  root: string;
  rootIsDir: boolean;
  glob?: string;
  ignoreCase: boolean;
  literal: boolean;
  limit: number;
}

export interface GrepMatch {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line number. */
  line: number;
  /** The matched line without its line break, when the engine had it as text. */
  text?: string;
}

export interface GrepHits {
  matches: GrepMatch[];
  limitReached: boolean;
}
