// A modal panel of the page's own (rewind, sessions): a title, a body, Close and Escape.
import type { ComponentChildren } from "preact";
import { useEscape } from "./escape.js";

export function Panel({ title, onClose, children }: { title: string; onClose(): void; children: ComponentChildren }) {
  useEscape(onClose);
  return (
    <div class="overlay">
      <div class="dialog panel" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
        <button type="button" class="cancel" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
