// An ACP prompt as pi's user message: text blocks in order, images attached, embedded resources
// inlined as pi inlines `@file` arguments (<file name="...">...</file>), resource links named so
// the model can read them, audio refused (no pi model takes it).
import { fileURLToPath } from "node:url";
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { ImageContent } from "pi-kernel";

export interface UserInput {
  text: string;
  images: ImageContent[];
}

export function userInput(blocks: ContentBlock[]): UserInput {
  const parts: string[] = [];
  const images: ImageContent[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "image":
        images.push({ type: "image", data: block.data, mimeType: block.mimeType });
        break;
      case "resource_link":
        parts.push(`@${pathOf(block.uri)}`);
        break;
      case "resource": {
        const r = block.resource;
        if ("text" in r) parts.push(`\n<file name="${pathOf(r.uri)}">\n${r.text}\n</file>\n`);
        else if (r.mimeType?.startsWith("image/")) images.push({ type: "image", data: r.blob, mimeType: r.mimeType });
        else parts.push(`@${pathOf(r.uri)}`);
        break;
      }
      case "audio":
        throw new Error("audio prompts are not supported (the prompt capabilities do not offer audio)");
    }
  }
  return { text: parts.reduce(joinPart, ""), images };
}

/** Adjacent blocks meet with a space unless one already has whitespace there. */
function joinPart(text: string, part: string): string {
  return text && part && !/\s$/.test(text) && !/^\s/.test(part) ? `${text} ${part}` : text + part;
}

/** A file URI as a path; any other URI as it is. */
function pathOf(uri: string): string {
  if (!uri.startsWith("file://")) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}
