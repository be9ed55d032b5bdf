// /copy: text onto the system clipboard, as pi does it. A clipboard program when one is there
// (pbcopy on macOS; wl-copy under Wayland, then xclip and xsel; termux-clipboard-set on Android),
// and otherwise the terminal's OSC 52 sequence, which also works over ssh and in tmux (with
// set-clipboard on). OSC 52 carries at most 100 KB, the limit terminals commonly accept.

export type CopyOutcome = { via: string } | { problem: string };

const OSC52_LIMIT = 100 * 1024;

interface Writer {
  tool: string;
  args: string[];
}

function writers(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Writer[] {
  if (platform === "darwin") return [{ tool: "pbcopy", args: [] }];
  const x11: Writer[] = [
    { tool: "xclip", args: ["-selection", "clipboard"] },
    { tool: "xsel", args: ["--clipboard", "--input"] },
  ];
  const wayland: Writer = { tool: "wl-copy", args: [] };
  const termux: Writer = { tool: "termux-clipboard-set", args: [] };
  const onWayland = Boolean(env.WAYLAND_DISPLAY) || env.XDG_SESSION_TYPE === "wayland";
  return onWayland ? [wayland, ...x11, termux] : [...x11, wayland, termux];
}

/** Feeds `text` to one clipboard program; resolves false when it is missing or fails. */
function pipeTo(writer: Writer, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    // Detached stdio: xclip stays running to serve the selection, and must not hold our pipes.
    const child = process.getBuiltinModule("node:child_process").spawn(writer.tool, writer.args, { stdio: ["pipe", "ignore", "ignore"] });
    const timer = setTimeout(() => {
      child.kill();
      resolve(false);
    }, 3000);
    child.on("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(text);
  });
}

export async function copyText(
  text: string,
  writeTerminal: (data: string) => void,
  env = process.env,
  platform = process.platform,
): Promise<CopyOutcome> {
  for (const writer of writers(env, platform)) {
    if (await pipeTo(writer, text)) return { via: writer.tool };
  }
  const data = Buffer.from(text, "utf8");
  if (data.length > OSC52_LIMIT)
    return {
      problem: `No clipboard program found (wl-copy, xclip, xsel), and ${Math.round(data.length / 1024)} KB is too much for the terminal's clipboard (OSC 52 takes 100 KB)`,
    };
  writeTerminal(`\x1b]52;c;${data.toString("base64")}\x07`);
  return { via: "the terminal (OSC 52)" };
}
