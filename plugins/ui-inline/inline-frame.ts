// The inline frame: every part stacked into the terminal's normal scrollback and drawn by the
// differential renderer.
import { Container, InlineRenderer, type Terminal } from "../../lib/tui/index.js";
import type { AppParts, Frame } from "../../contracts/index.js";

export class InlineFrame implements Frame {
  readonly name = "inline";
  private renderer: InlineRenderer | undefined;
  /** The renderer kept by stop(), so starting again (back from Ctrl+Z) repaints instead of repeating. */
  private stopped: InlineRenderer | undefined;

  start(term: Terminal, parts: AppParts): void {
    if (this.stopped) {
      this.renderer = this.stopped;
      this.stopped = undefined;
      this.renderer.reset();
      this.renderer.start();
      return;
    }
    const root = new Container();
    root.add(parts.transcript);
    root.add(parts.bottom);
    root.add(parts.footer);
    this.renderer = new InlineRenderer(term, root);
    this.renderer.start();
  }

  get stats() {
    return this.renderer?.stats;
  }

  requestRender(): void {
    this.renderer?.requestRender();
  }

  renderNow(): void {
    this.renderer?.render();
  }

  reset(): void {
    this.renderer?.reset();
  }

  stop(): void {
    this.renderer?.stop();
    this.stopped = this.renderer;
    this.renderer = undefined;
  }
}
