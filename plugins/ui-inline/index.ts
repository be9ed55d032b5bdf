// The inline frame for the interactive app (the default `pi` look); see plugin.ts.
import { createUiInline } from "./plugin.js";

export default createUiInline();
