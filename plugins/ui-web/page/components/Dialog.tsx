// The agent's questions (pi's extension UI dialogs: a permission prompt is a `select`, often with
// the edit's diff): select, confirm, input and editor. The oldest open one is shown; answering it
// sends extension_ui_response, and when another client answered first the server closes it here.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Session } from "../session.js";
import type { Dialog as DialogRequest } from "../state.js";
import { Diff } from "./Diff.js";
import { useEscape } from "./escape.js";

export function Dialog({ dialog, session }: { dialog: DialogRequest; session: Session }) {
  const [value, setValue] = useState(dialog.prefill ?? "");
  const first = useRef<HTMLButtonElement & HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), [dialog.id]);
  const cancel = () => session.answer(dialog, { cancelled: true });
  useEscape(cancel);
  const [title, ...rest] = (dialog.title ?? "").split("\n");
  return (
    <div class="overlay">
      <div class="dialog" role="dialog" aria-modal="true" aria-label={title} data-dialog={dialog.method}>
        <h2>{title}</h2>
        {rest.length ? <p class="dialog-note">{rest.join("\n")}</p> : null}
        {dialog.message ? <p>{dialog.message}</p> : null}
        {dialog.diff ? <Diff text={dialog.diff} /> : null}
        {dialog.method === "select" ? (
          <div class="options">
            {(dialog.options ?? []).map((option, i) => (
              <button
                type="button"
                key={option}
                ref={i === 0 ? first : undefined}
                onClick={() => session.answer(dialog, { value: option })}
              >
                {option}
              </button>
            ))}
          </div>
        ) : dialog.method === "confirm" ? (
          <div class="options">
            <button type="button" ref={first} onClick={() => session.answer(dialog, { confirmed: true })}>
              Yes
            </button>
            <button type="button" onClick={() => session.answer(dialog, { confirmed: false })}>
              No
            </button>
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              session.answer(dialog, { value });
            }}
          >
            {dialog.method === "editor" ? (
              <textarea ref={first} rows={10} value={value} onInput={(e) => setValue((e.target as HTMLTextAreaElement).value)} />
            ) : (
              <input
                ref={first}
                value={value}
                placeholder={dialog.placeholder ?? ""}
                onInput={(e) => setValue((e.target as HTMLInputElement).value)}
              />
            )}
            <div class="options">
              <button type="submit">OK</button>
            </div>
          </form>
        )}
        <button type="button" class="cancel" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
