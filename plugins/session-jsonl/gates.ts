// Gates on the user's and extensions' session operations (pi's session_before_* events): the
// "sessions" service keeps an ordered list of gates; whoever switches, forks or moves in the tree
// asks them first. A gate may cancel, or (before /tree) supply the branch summary or change the
// summary instructions and label. session_shutdown is asked last, only to let listeners finish.
import type { GateAnswer, SessionGate, SessionGateEvent } from "../../contracts/sessions.js";

export class SessionGates {
  private readonly gates: SessionGate[] = [];

  constructor(private readonly report: (message: string, error: unknown) => void) {}

  /** Adds a gate (asked after the ones already there); returns its remover. */
  add(gate: SessionGate): () => void {
    this.gates.push(gate);
    return () => {
      const i = this.gates.indexOf(gate);
      if (i >= 0) this.gates.splice(i, 1);
    };
  }

  /**
   * Asks every gate in order. The first cancel ends it; other answers merge, later ones winning
   * field by field. A gate that throws is reported and counts as no answer (pi logs and goes on).
   */
  async run(event: SessionGateEvent): Promise<GateAnswer> {
    const out: GateAnswer = {};
    for (const gate of [...this.gates]) {
      let answer: GateAnswer | undefined;
      try {
        answer = await gate(event);
      } catch (error) {
        this.report(`a ${event.type} gate failed: ${error instanceof Error ? error.message : String(error)}`, error);
        continue;
      }
      if (!answer) continue;
      for (const [k, v] of Object.entries(answer)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
      if (answer.cancel) return out;
    }
    return out;
  }
}
