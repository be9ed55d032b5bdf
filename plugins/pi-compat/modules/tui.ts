// What `@mariozechner/pi-tui` (and `@earendil-works/pi-tui`) resolve to inside pi extensions.
export {
  Box,
  Container,
  Markdown,
  Spacer,
  Text,
  TruncatedText,
  truncateToWidth,
  visibleWidth,
  wrapTextWithAnsi,
} from "./tui-components.js";
export type { Component } from "./tui-components.js";
export { Input, SelectList } from "./tui-inputs.js";
export type { SelectItem, SelectListTheme } from "./tui-inputs.js";
export { Key, isKeyRelease, isKeyRepeat, matchesKey, parseKey } from "./tui-keys.js";
