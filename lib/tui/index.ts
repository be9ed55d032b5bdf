// lib/tui, the terminal toolkit, as one public surface: code outside lib/tui imports it from
// here only, so the files behind it can move or split freely. Editor internals (word boundaries,
// undo stack and kill ring, prompt history) stay private to the editor model.

// Drawing: components, the differential renderer, terminals, ANSI-aware text, colours.
export * from "./component.js";
export * from "./renderer.js";
export * from "./terminal.js";
export * from "./single-column.js";
export * from "./text.js";
export * from "./theme.js";
export * from "./plain-theme.js";
export * from "./highlight.js";
export * from "./markdown.js";

// Input: key parsing and the keybindings file.
export * from "./keys.js";
export * from "./keybindings.js";

// The prompt editor: its model, keys, view, attachments and completions.
export * from "./editor-model.js";
export * from "./editor-keys.js";
export * from "./editor-view.js";
export * from "./editor-attachments.js";
export * from "./autocomplete.js";
export * from "./file-index.js";
export * from "./fuzzy.js";

// Dialogs and the session tree view.
export * from "./select-list.js";
export * from "./diff-lines.js";
export * from "./text-dialog.js";
export * from "./tree-layout.js";
export * from "./tree-view.js";
