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
export { fuzzyFilter, fuzzyMatch, type FuzzyMatch } from "./tui-fuzzy.js";
export { CancellableLoader, Loader } from "./tui-loader.js";
export { SettingsList, type SettingItem, type SettingsListTheme } from "./tui-settings.js";
export { Editor, type EditorOptions, type EditorTheme } from "./tui-editor.js";
export * from "./tui-image.js";
export {
  CURSOR_MARKER,
  CombinedAutocompleteProvider,
  HStack,
  KeybindingsManager,
  Marked,
  MouseRegion,
  ProcessTerminal,
  ScrollView,
  StdinBuffer,
  TUI,
  TUI_KEYBINDINGS,
  Token,
  Tokens,
  TuiAltScreen,
  TuiMainScreen,
  VStack,
  compositeTuiLine,
  decodeKittyPrintable,
  getKeybindings,
  getNativeClipboard,
  getOsc8LinkAtColumn,
  isFocusable,
  isKittyProtocolActive,
  isViewportTUI,
  parseOsc11BackgroundColor,
  parseTerminalColorSchemeReport,
  renderLatex,
  setKeybindings,
  setKittyProtocolActive,
  sliceByColumn,
  stripTerminalSequences,
} from "./tui-misc.js";
