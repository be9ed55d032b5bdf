// A text file as a list of lines, remembering what must survive an edit byte for byte: the BOM,
// the line ending (CRLF or LF) and whether the file ends with a newline.

const BOM = "\uFEFF";

export interface Document {
  lines: string[];
  bom: string;
  eol: "\n" | "\r\n";
  finalNewline: boolean;
}

export function parseDocument(text: string): Document {
  const bom = text.startsWith(BOM) ? BOM : "";
  const body = text.slice(bom.length);
  const nl = body.indexOf("\n");
  const eol = nl > 0 && body[nl - 1] === "\r" ? "\r\n" : "\n";
  const finalNewline = body.endsWith("\n");
  const lines = body === "" ? [] : body.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  if (finalNewline) lines.pop();
  return { lines, bom, eol, finalNewline };
}

export function serialise(doc: Document): string {
  const body = doc.lines.join(doc.eol);
  return doc.bom + body + (doc.finalNewline && doc.lines.length > 0 ? doc.eol : "");
}

/** The model's replacement text as lines (any line ending accepted; "" means no lines). */
export function textLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
