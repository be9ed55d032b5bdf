// The bar above the transcript: the session's name, the model and thinking-level pickers
// (get_available_models / set_model, get_available_thinking_levels / set_thinking_level), and the
// buttons for the session list, a new session and /rewind.
import type { Session } from "../session.js";
import type { State } from "../state.js";

const key = (m: { provider: string; id: string }) => `${m.provider}/${m.id}`;

export function Header({ state, session }: { state: State; session: Session }) {
  const current = state.model ? key(state.model) : "";
  return (
    <header class="bar">
      <span class="title" title={state.sessionFile ?? ""}>
        {state.sessionName ?? "pi"}
      </span>
      <label class="picker">
        <span>model</span>
        <select
          aria-label="Model"
          value={current}
          onChange={(e) => {
            const model = state.models.find((m) => key(m) === (e.target as HTMLSelectElement).value);
            if (model) void session.setModel(model);
          }}
        >
          {current && !state.models.some((m) => key(m) === current) ? <option value={current}>{current}</option> : null}
          {!current ? <option value="">(no model)</option> : null}
          {state.models.map((m) => (
            <option key={key(m)} value={key(m)}>
              {m.name && m.name !== m.id ? `${m.name} (${key(m)})` : key(m)}
            </option>
          ))}
        </select>
      </label>
      <label class="picker">
        <span>thinking</span>
        <select
          aria-label="Thinking level"
          value={state.thinkingLevel ?? "off"}
          disabled={state.levels.length <= 1}
          onChange={(e) => void session.setThinkingLevel((e.target as HTMLSelectElement).value)}
        >
          {(state.levels.length ? state.levels : [state.thinkingLevel ?? "off"]).map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <span class="spacer" />
      <button type="button" onClick={() => session.openPanel("sessions")}>
        Sessions
      </button>
      <button type="button" onClick={() => session.openPanel("rewind")} disabled={state.isStreaming}>
        Rewind
      </button>
    </header>
  );
}
