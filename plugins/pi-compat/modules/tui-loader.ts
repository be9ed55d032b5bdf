// pi-tui's Loader (a spinner and a message, redrawn through the TUI while running) and
// CancellableLoader (Escape aborts its signal and calls onAbort).
import { matchesKey } from "./tui-keys.js";
import { Text } from "./tui-components.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
type Paint = (text: string) => string;
interface RenderHost {
  requestRender(force?: boolean): void;
}

export class Loader extends Text {
  private frame = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly ui: RenderHost | undefined,
    private readonly spinnerColorFn: Paint = (s) => s,
    private readonly messageColorFn: Paint = (s) => s,
    private message = "Loading...",
  ) {
    super("", 1, 0);
    this.start();
  }

  override render(width: number): string[] {
    this.setText(`${this.spinnerColorFn(FRAMES[this.frame])} ${this.messageColorFn(this.message)}`);
    return ["", ...super.render(width)];
  }
  start(): void {
    this.stop();
    this.timer = setInterval(() => {
      this.frame = (this.frame + 1) % FRAMES.length;
      this.ui?.requestRender();
    }, 80);
    this.timer.unref?.();
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
  setMessage(message: string): void {
    this.message = message;
    this.ui?.requestRender();
  }
  setIndicator(_indicator?: unknown): void {}
}

export class CancellableLoader extends Loader {
  private readonly controller = new AbortController();
  onAbort?: () => void;
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  get aborted(): boolean {
    return this.controller.signal.aborted;
  }
  handleInput(data: string): void {
    if (!matchesKey(data, "escape")) return;
    this.controller.abort();
    this.onAbort?.();
  }
  dispose(): void {
    this.stop();
  }
}
