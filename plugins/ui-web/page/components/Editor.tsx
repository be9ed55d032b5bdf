// The prompt editor: Enter sends (Shift+Enter for a new line), and a leading "/" opens the
// slash-command list (get_commands), narrowed as you type; ↑/↓ move, Tab or Enter complete, Esc
// closes. While the agent works, what you send steers it, and Stop aborts the run.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { SlashCommand } from "../state.js";

interface Props {
  commands: SlashCommand[];
  busy: boolean;
  push?: { text: string; seq: number };
  onSubmit(text: string): void;
  onStop(): void;
}

/** The commands matching what was typed after "/", names that start with it first. */
export function completions(text: string, commands: SlashCommand[]): SlashCommand[] {
  const m = /^\/(\S*)$/.exec(text);
  if (!m) return [];
  const typed = m[1].toLowerCase();
  const starts = commands.filter((c) => c.name.toLowerCase().startsWith(typed));
  const contains = commands.filter((c) => !c.name.toLowerCase().startsWith(typed) && c.name.toLowerCase().includes(typed));
  return [...starts, ...contains].slice(0, 12);
}

export function Editor({ commands, busy, push, onSubmit, onStop }: Props) {
  const [text, setText] = useState("");
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (push) {
      setText(push.text);
      area.current?.focus();
    }
  }, [push?.seq]);
  const list = useMemo(() => (dismissed ? [] : completions(text, commands)), [text, commands, dismissed]);
  const choose = (c: SlashCommand) => {
    setText(`/${c.name} `);
    setSelected(0);
    area.current?.focus();
  };
  const send = () => {
    if (!text.trim()) return;
    onSubmit(text);
    setText("");
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (list.length > 0) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setSelected((s) => (s + (e.key === "ArrowDown" ? 1 : list.length - 1)) % list.length);
        return;
      }
      if (e.key === "Tab" || (e.key === "Enter" && !e.shiftKey && text !== `/${list[selected % list.length].name}`)) {
        e.preventDefault();
        return choose(list[selected % list.length]);
      }
      if (e.key === "Escape") return setDismissed(true);
    }
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div class="editor">
      {list.length > 0 ? (
        <div class="completions" role="listbox">
          {list.map((c, i) => (
            <div
              key={c.name}
              role="option"
              tabIndex={-1}
              aria-selected={i === selected % list.length}
              class={i === selected % list.length ? "selected" : ""}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              <span class="cmd-name">/{c.name}</span>
              <span class="cmd-desc">{c.description ?? ""}</span>
            </div>
          ))}
        </div>
      ) : null}
      <textarea
        ref={area}
        rows={Math.min(8, text.split("\n").length)}
        value={text}
        placeholder={busy ? "Steer the agent…" : "Message pi… (/ for commands)"}
        aria-label="Message"
        onInput={(e) => {
          setText((e.target as HTMLTextAreaElement).value);
          setSelected(0);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div class="editor-buttons">
        {busy ? (
          <button type="button" class="stop" onClick={onStop}>
            Stop
          </button>
        ) : null}
        <button type="button" class="send" onClick={send} disabled={!text.trim()}>
          {busy ? "Steer" : "Send"}
        </button>
      </div>
    </div>
  );
}
