// Desktop notifications through the terminal: the escape sequence each terminal understands.
// OSC 9 (iTerm2, WezTerm, Ghostty, Windows Terminal, kitty) shows its text as a notification;
// OSC 777 (VTE terminals such as GNOME Terminal, foot, rxvt-unicode, Ghostty) takes a title and a
// body; a bell is the fallback every terminal has (most mark the tab or bounce the dock icon).
// Inside tmux an OSC never reaches the outer terminal unless wrapped for passthrough (and tmux's
// `allow-passthrough` is on), so there the default is nothing.

export type NotifyMethod = "osc9" | "osc777" | "bell" | "off";

const OSC9_TERMINALS = new Set(["iTerm.app", "WezTerm", "ghostty", "kitty"]);

/** The method for this terminal, from what it says about itself. */
export function pickMethod(env: NodeJS.ProcessEnv): NotifyMethod {
  const program = env.TERM_PROGRAM ?? "";
  if (OSC9_TERMINALS.has(program) || env.WT_SESSION || env.KITTY_WINDOW_ID) return "osc9";
  if (env.VTE_VERSION || /^(foot|rxvt)/.test(env.TERM ?? "")) return "osc777";
  return "bell";
}

/** Control characters would end the sequence early or inject others: they become spaces. */
const clean = (text: string, max: number) =>
  text
    .replace(/[\x00-\x1f\x7f-\x9f]+/g, " ")
    .trim()
    .slice(0, max);

export function sequence(method: NotifyMethod, title: string, body: string): string {
  switch (method) {
    case "osc9":
      return `\x1b]9;${clean(`${title}: ${body}`, 200)}\x07`;
    case "osc777":
      return `\x1b]777;notify;${clean(title, 60).replace(/;/g, ",")};${clean(body, 200)}\x07`;
    case "bell":
      return "\x07";
    case "off":
      return "";
  }
}

/** tmux's passthrough wrapping: every ESC inside is doubled. */
export function tmuxPassthrough(seq: string): string {
  return seq && seq !== "\x07" ? `\x1bPtmux;${seq.replace(/\x1b/g, "\x1b\x1b")}\x1b\\` : seq;
}

/** Focus reports (CSI ?1004h): `ESC [ I` when the terminal gains focus, `ESC [ O` when it loses it. */
export function focusChange(data: string): boolean | undefined {
  const gained = data.lastIndexOf("\x1b[I");
  const lost = data.lastIndexOf("\x1b[O");
  if (gained === -1 && lost === -1) return undefined;
  return gained > lost;
}

export const FOCUS_ON = "\x1b[?1004h";
export const FOCUS_OFF = "\x1b[?1004l";
