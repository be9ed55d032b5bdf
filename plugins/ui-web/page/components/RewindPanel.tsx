// /rewind, as the terminal UIs offer it: your messages on this branch, newest first, each with
// the files changed since; pick one, then restore the code and the conversation, only one of
// them, or undo the last rewind. Through the checkpoints plugin's RPC commands (get_checkpoints,
// rewind, undo_rewind); a conversation rewind puts the message's text back into the editor.
import { useEffect, useState } from "preact/hooks";
import type { Checkpoint, Session } from "../session.js";
import { Panel } from "./Panel.js";

const ACTIONS = [
  { label: "Restore code and conversation", files: true, conversation: true },
  { label: "Restore conversation only", files: false, conversation: true },
  { label: "Restore code only", files: true, conversation: false },
];

function clip(text: string, max: number): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export function RewindPanel({ session, canUndo }: { session: Session; canUndo: boolean }) {
  const [list, setList] = useState<Checkpoint[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [target, setTarget] = useState<Checkpoint | undefined>();
  useEffect(() => {
    session.checkpoints().then(
      (c) => setList([...c].reverse()),
      (e: Error) => setError(e.message),
    );
  }, []);
  const run = (fn: () => Promise<void>) => fn().catch((e: Error) => setError(e.message));
  const close = () => session.openPanel(undefined);
  if (target)
    return (
      <Panel title={`Rewind to before "${clip(target.text, 60)}"`} onClose={() => setTarget(undefined)}>
        <div class="options">
          {ACTIONS.map((a) => (
            <button type="button" key={a.label} onClick={() => run(() => session.rewind(target, a))}>
              {a.label}
            </button>
          ))}
        </div>
        {error ? <p class="msg-error">{error}</p> : null}
      </Panel>
    );
  return (
    <Panel title="Rewind to before which message?" onClose={close}>
      {error ? <p class="msg-error">{error}</p> : null}
      {!list && !error ? <p>Loading…</p> : null}
      <ul class="choices">
        {canUndo ? (
          <li>
            <button type="button" onClick={() => run(() => session.undoRewind())}>
              ↶ Undo the last rewind
            </button>
          </li>
        ) : null}
        {list?.map((c) => (
          <li key={c.entryId}>
            <button type="button" data-entry-id={c.entryId} onClick={() => setTarget(c)}>
              <span class="choice-time">{new Date(c.timestamp).toLocaleTimeString()}</span>
              <span class="choice-text">{clip(c.text, 80)}</span>
              <span class="choice-note">
                {c.files.length === 0
                  ? "no file changes since"
                  : `${c.files.length} file(s) changed since: ${clip(c.files.join(", "), 60)}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {list && list.length === 0 && !canUndo ? <p>No checkpoints on this branch yet: one is taken before each message you send.</p> : null}
    </Panel>
  );
}
