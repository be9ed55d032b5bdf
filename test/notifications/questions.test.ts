// A desktop notification when a question waits for the person, observed as escape sequences in a
// virtual terminal (@xterm/headless). In the inline UI with the real permissions plugin: a
// permission prompt while the terminal reports it is not focused is told at once (OSC 9 with the
// question); a question asked while focused is told the moment focus goes, and only once. Without
// focus reports, a question still unanswered after `delaySeconds` is told (fake timers), and one
// answered before is not.
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import commandsCore from "../../plugins/commands-core/index.js";
import { createNotifications } from "../../plugins/notifications/index.js";
import { Attention } from "../../plugins/notifications/attention.js";
import permissions from "../../plugins/permissions/index.js";
import { KEYS, startUi, type UiHarness } from "../ui/harness.js";

let h: UiHarness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await h?.close();
  h = undefined;
});

describe("notifications for questions", () => {
  it("a permission prompt or a picker waiting while the terminal is not focused sends OSC 9 to the terminal", async () => {
    const seen: string[] = [];
    const input = new EventEmitter();
    let write = (_: string) => {};
    const notifications = createNotifications(() => ({
      output: { write: (d: string) => write(d) },
      input: input as never,
      env: { TERM_PROGRAM: "iTerm.app" },
      isTTY: true,
    }));
    h = await startUi({ plugins: [commandsCore, permissions, notifications], flags: { permissionMode: "ask" } });
    const term = h.term;
    term.parser.registerOscHandler(9, (data) => (seen.push(data), true));
    write = (d) => term.write(d);
    const parsed = () => new Promise<void>((r) => term.write("", r));

    input.emit("data", "\x1b[O"); // the person went elsewhere
    h.sim.script({ toolCalls: [{ name: "write", arguments: { path: "made.txt", content: "hi\n" } }] }, { text: "no" });
    await h.send("make the file");
    await h.send(KEYS.enter);
    await h.waitFor(/Allow once/);
    await parsed();
    expect(seen).toEqual([expect.stringMatching(/^pi: waiting for your answer: .*write/i)]);
    await h.send(KEYS.escape);
    await h.kernel.agent.waitForIdle();

    // Back, a picker opens: nothing while they look; when they leave, one notification.
    await parsed();
    expect(seen.at(-1)).toBe("pi: waiting for you"); // the run's end, still away
    input.emit("data", "\x1b[I");
    seen.length = 0;
    await h.send("/permissions");
    await h.send(KEYS.enter);
    await h.waitFor(/Permission mode/);
    await parsed();
    expect(seen).toEqual([]);
    input.emit("data", "\x1b[O");
    input.emit("data", "\x1b[I\x1b[O");
    await parsed();
    expect(seen).toEqual(["pi: waiting for your answer: Permission mode"]);
    await h.send(KEYS.escape);
  });

  it("without focus reports, a question unanswered after the delay is told; one answered before is not", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const a = new Attention(
      (d) => written.push(d),
      { VTE_VERSION: "7600" },
      () => ({ delaySeconds: 5 }),
    );
    a.questionAsked("quick one");
    vi.advanceTimersByTime(4000);
    a.questionAnswered();
    vi.advanceTimersByTime(10_000);
    expect(written).toEqual([]);
    a.questionAsked("Allow write?");
    vi.advanceTimersByTime(5000);
    expect(written).toEqual(["\x1b]777;notify;pi;Allow write?\x07"]);
    vi.advanceTimersByTime(60_000);
    expect(written).toHaveLength(1);
  });
});
