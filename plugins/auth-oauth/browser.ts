// Opens the sign-in address in the person's browser when there is one to open (best effort; the
// address is always shown as well). Never under the tests' loopback server.
import { testServer } from "./endpoints.js";

export function openBrowser(url: string): void {
  if (testServer() || !process.stdout.isTTY) return;
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : process.env.DISPLAY || process.env.WAYLAND_DISPLAY
          ? ["xdg-open", [url]]
          : [undefined, []];
  if (!command) return;
  try {
    const child = process.getBuiltinModule("node:child_process").spawn(command, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => undefined); // no opener installed: the address is on screen
    child.unref();
  } catch {
    // same
  }
}
