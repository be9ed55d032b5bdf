// Markdown to safe HTML: marked (GitHub-flavoured, the parser the terminal UIs use too) and
// DOMPurify on its output, since the text comes from a model and from files it read. Links open
// in a new tab without a referrer (the page's address carries no token, but the habit is right).
// The page's Content-Security-Policy allows no script but its own either way.
import DOMPurify from "dompurify";
import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: false, async: false });

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

/** Sanitised HTML for a markdown text (components memoise it per text). */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(marked.parse(text) as string, { FORBID_TAGS: ["style", "form", "input"] });
}
