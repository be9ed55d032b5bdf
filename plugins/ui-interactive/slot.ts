// A place in the UI a plugin may fill with its own component (pi's ctx.ui.setHeader above the
// conversation, ctx.ui.setFooter in place of the footer): empty until then, the plugin's component
// drawn on every frame after. A replaced component is disposed; one that throws draws nothing and
// is reported once, and the UI carries on.
import type { Component } from "../../lib/tui/index.js";
import type { SlotComponent } from "../../contracts/index.js";

export class Slot implements Component {
  private component: SlotComponent | undefined;
  private failed = false;

  constructor(private readonly report: (error: unknown) => void) {}

  get filled(): boolean {
    return this.component !== undefined;
  }

  set(component: SlotComponent | undefined): void {
    const old = this.component;
    this.component = component;
    this.failed = false;
    try {
      if (old !== component) old?.dispose?.();
    } catch (error) {
      this.report(error);
    }
  }

  render(width: number): string[] {
    if (!this.component || this.failed) return [];
    try {
      return this.component.render(width);
    } catch (error) {
      this.failed = true;
      this.report(error);
      return [];
    }
  }

  invalidate(): void {
    try {
      this.component?.invalidate?.();
    } catch {
      /* drawn again on the next frame, where a failure is reported */
    }
  }
}
