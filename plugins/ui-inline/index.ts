// The inline interactive UI (the default `pi` experience); see plugin.ts.
import { createUiInline } from "./plugin.js";

export default createUiInline();
