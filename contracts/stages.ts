// Named stages where plugins must meet in a fixed order, between the kernel's Stage.EARLY (-100),
// NORMAL (0) and LATE (100). Each says who stands there and why, so no plugin writes
// `Stage.LATE + 1000` and hopes. The one value in contracts/: a table of numbers, no code.
export const Stages = {
  /** compose: V8's optimizing compiler, held off while the image loads, is back before any boot work (compose/optimizer-hold.ts). */
  OPTIMIZER_RELEASE: -1000,
  /** checkpoints: a turn's snapshot is taken before any gate may ask, block or let a tool run. */
  SNAPSHOT: -110,
  /** hooks: UserPromptSubmit hears a prompt before commands-core (EARLY) claims a slash command, as in Claude Code. */
  PROMPT_HOOKS: -105,
  EARLY: -100,
  NORMAL: 0,
  /** ui-interactive draws the app at boot: after the session and the model are in place, before extensions hear session_start. */
  UI_LAUNCH: 25,
  /**
   * Long-lived modes warm their file indexes (skills, prompt templates, agents) and start their
   * watchers here: after the interactive UI's first frame (drawn at UI_LAUNCH), so loading the
   * YAML parser, scanning and chokidar's start are not on the path to it.
   */
  WARM: 30,
  /** pi-compat delivers pi extensions' session events after the built-ins' normal boot taps. */
  EXTENSIONS: 50,
  LATE: 100,
  /** pi-compat's before_agent_start sees the system prompt every built-in has shaped. */
  EXTENSIONS_LATE: 150,
  /** The system prompt's closing lines (date, working directory), after everything else appended. */
  PROMPT_TAIL: 1100,
} as const;

export type StageName = keyof typeof Stages;
