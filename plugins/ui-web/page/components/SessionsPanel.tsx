// The project's sessions (the server's session list), newest first: open one, or start a new one.
// Switching goes through the RPC commands switch_session / new_session, as pi's clients do.
import { useEffect, useState } from "preact/hooks";
import type { Session, SessionSummary } from "../session.js";
import { Panel } from "./Panel.js";

export function SessionsPanel({ session, current }: { session: Session; current?: string }) {
  const [list, setList] = useState<SessionSummary[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    session.sessions().then(setList, (e: Error) => setError(e.message));
  }, []);
  return (
    <Panel title="Sessions" onClose={() => session.openPanel(undefined)}>
      <div class="options">
        <button type="button" onClick={() => void session.switchSession(undefined)}>
          + New session
        </button>
      </div>
      {error ? <p class="msg-error">{error}</p> : null}
      {!list && !error ? <p>Loading…</p> : null}
      <ul class="choices">
        {list?.map((s) => (
          <li key={s.path}>
            <button type="button" class={s.path === current ? "current" : ""} onClick={() => void session.switchSession(s.path)}>
              <span class="choice-text">{s.name || s.firstMessage || "(empty session)"}</span>
              <span class="choice-note">{s.modified ? new Date(s.modified).toLocaleString() : ""}</span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
