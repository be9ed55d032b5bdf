// The "output-schema" service (provided by the output-schema plugin when --output-schema is
// given): whether a final answer is JSON valid against the schema. Print mode and `pi run` ask it
// which text to print (exactly the JSON) and whether the run failed (exit 1).
import type { AssistantMessage } from "pi-kernel";

export type AnswerCheck = { ok: true; value: unknown; text: string } | { ok: false; error: string };

export interface OutputSchemaService {
  /** The schema file, as given. */
  readonly file: string;
  check(answer: AssistantMessage): AnswerCheck;
}

declare module "pi-kernel" {
  interface Flags {
    /** --output-schema FILE (declared by the output-schema plugin). */
    outputSchema: string;
  }
  interface Services {
    "output-schema": OutputSchemaService;
  }
}
