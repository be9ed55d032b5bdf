// The theme contract both UIs draw with: pi's 51 colour tokens and the functions that apply
// them. The "themes" plugin builds Theme objects; a UI only ever sees this interface.

export const COLOR_TOKENS = [
  // core
  "accent",
  "border",
  "borderAccent",
  "borderMuted",
  "success",
  "error",
  "warning",
  "muted",
  "dim",
  "text",
  "thinkingText",
  // backgrounds and content
  "selectedBg",
  "userMessageBg",
  "userMessageText",
  "customMessageBg",
  "customMessageText",
  "customMessageLabel",
  "toolPendingBg",
  "toolSuccessBg",
  "toolErrorBg",
  "toolTitle",
  "toolOutput",
  // markdown
  "mdHeading",
  "mdLink",
  "mdLinkUrl",
  "mdCode",
  "mdCodeBlock",
  "mdCodeBlockBorder",
  "mdQuote",
  "mdQuoteBorder",
  "mdHr",
  "mdListBullet",
  // diffs
  "toolDiffAdded",
  "toolDiffRemoved",
  "toolDiffContext",
  // syntax
  "syntaxComment",
  "syntaxKeyword",
  "syntaxFunction",
  "syntaxVariable",
  "syntaxString",
  "syntaxNumber",
  "syntaxType",
  "syntaxOperator",
  "syntaxPunctuation",
  // thinking-level borders
  "thinkingOff",
  "thinkingMinimal",
  "thinkingLow",
  "thinkingMedium",
  "thinkingHigh",
  "thinkingXhigh",
  "bashMode",
] as const;

export type ColorToken = (typeof COLOR_TOKENS)[number];
export type BgToken = "selectedBg" | "userMessageBg" | "customMessageBg" | "toolPendingBg" | "toolSuccessBg" | "toolErrorBg";
export const BG_TOKENS: readonly BgToken[] = [
  "selectedBg",
  "userMessageBg",
  "customMessageBg",
  "toolPendingBg",
  "toolSuccessBg",
  "toolErrorBg",
];

export interface Theme {
  readonly name: string;
  /** Foreground colour; resets only the foreground so it nests inside other styles. */
  fg(token: ColorToken, text: string): string;
  /** Background colour (the `*Bg` tokens). */
  bg(token: BgToken, text: string): string;
  /** The raw SGR escape that sets a token's foreground (or background for `*Bg` tokens). */
  code(token: ColorToken): string;
  bold(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  strikethrough(text: string): string;
  inverse(text: string): string;
}
