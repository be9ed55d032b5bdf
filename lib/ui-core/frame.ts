// How the interactive app reaches the screen. The app owns the interaction model (transcript,
// editor, queue, dialogs, footer); a frame decides where those parts go: inline in the
// scrollback, or full-screen panes. The app can swap frames mid-session and keep everything.
export type { AppParts, Frame, FrameFactory } from "../../contracts/ui.js";
