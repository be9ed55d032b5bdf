// The interactive terminal app (the default `pi` experience); see plugin.ts. It draws through a
// frame plugin: ui-inline (the scrollback) or ui-fullscreen.
import { createUiInteractive } from "./plugin.js";

export default createUiInteractive();
