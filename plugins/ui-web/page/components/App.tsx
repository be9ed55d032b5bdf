// The page: header, transcript, widgets and statuses, editor; the agent's oldest open dialog or
// one of the page's panels over it; notifications in a corner; the connection's state when it is
// not open.
import { useEffect, useState } from "preact/hooks";
import type { Session } from "../session.js";
import type { State } from "../state.js";
import { Dialog } from "./Dialog.js";
import { Editor } from "./Editor.js";
import { Header } from "./Header.js";
import { RewindPanel } from "./RewindPanel.js";
import { SessionsPanel } from "./SessionsPanel.js";
import { Transcript } from "./Transcript.js";

const CONNECTION: Record<State["connection"], string> = {
  connecting: "Connecting…",
  open: "",
  closed: "Connection lost; reconnecting…",
  unauthorized: "The server refused this page's token: open the address pi printed (with ?token=).",
};

function useStore(session: Session): State {
  const [state, setState] = useState(session.state);
  useEffect(() => session.store.subscribe(setState), [session]);
  return state;
}

export function App({ session }: { session: Session }) {
  const state = useStore(session);
  const dialog = state.dialogs[0];
  const statuses = Object.entries(state.statuses);
  return (
    <div class="app" data-connection={state.connection} data-streaming={state.isStreaming}>
      <Header state={state} session={session} />
      {CONNECTION[state.connection] ? <div class={`banner banner-${state.connection}`}>{CONNECTION[state.connection]}</div> : null}
      <Transcript messages={state.messages} streaming={state.streaming} live={state.live} />
      {Object.entries(state.widgets).map(([key, lines]) => (
        <pre key={key} class="widget">
          {lines.join("\n")}
        </pre>
      ))}
      <Editor
        commands={state.commands}
        busy={state.isStreaming}
        push={state.editorPush}
        onSubmit={(text) => void session.submit(text)}
        onStop={() => void session.abort()}
      />
      <footer class="status">
        {state.isStreaming ? <span class="working">working…</span> : null}
        {state.queued.steering.length + state.queued.followUp.length > 0 ? (
          <span>{state.queued.steering.length + state.queued.followUp.length} queued</span>
        ) : null}
        {statuses.map(([key, text]) => (
          <span key={key}>{text}</span>
        ))}
      </footer>
      {dialog ? (
        <Dialog key={dialog.id} dialog={dialog} session={session} />
      ) : state.panel === "rewind" ? (
        <RewindPanel session={session} canUndo={state.canUndoRewind ?? false} />
      ) : state.panel === "sessions" ? (
        <SessionsPanel session={session} current={state.sessionFile} />
      ) : null}
      <div class="toasts">
        {state.toasts.map((t) => (
          <div key={t.id} class={`toast toast-${t.level}`} role="status">
            {t.message}
          </div>
        ))}
      </div>
    </div>
  );
}
