// The lines the app draws around the editor that are not messages: the working spinner with the
// queued steering and follow-up messages under the transcript, and plugins' widgets.
import { type Theme, truncateToWidth, wrapText } from "../../lib/tui/index.js";

export const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface Widget {
  lines: string[];
  placement: "aboveEditor" | "belowEditor";
}

export interface WorkingState {
  working: boolean;
  spinner: number;
  queue: { steering: string[]; followUp: string[] };
  hint: string | undefined;
}

export function workingLines(t: Theme, s: WorkingState, width: number): string[] {
  const out: string[] = [];
  if (s.working) out.push("", t.fg("accent", `${SPINNER[s.spinner]} `) + t.fg("muted", "Working… (esc to interrupt)"));
  for (const text of s.queue.steering) out.push(truncateToWidth(t.fg("dim", "Steering: ") + text.replace(/\n/g, " "), width));
  for (const text of s.queue.followUp) out.push(truncateToWidth(t.fg("dim", "Follow-up: ") + text.replace(/\n/g, " "), width));
  if (s.queue.steering.length + s.queue.followUp.length) out.push(t.fg("dim", "↳ alt+up to edit queued messages"));
  if (s.hint) out.push(t.fg("warning", s.hint));
  return out;
}

export function widgetLines(widgets: Iterable<Widget>, placement: Widget["placement"], width: number): string[] {
  const out: string[] = [];
  for (const w of widgets) if (w.placement === placement) for (const l of w.lines) out.push(...wrapText(l, width));
  return out;
}
