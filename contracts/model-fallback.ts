// The event provider-kit's fallback chains publish (settings `fallbacks`): a request left a model
// that failed (429, 529/overloaded, 5xx after the retry budget) for the next model of its chain.
// UIs, the JSON stream and RPC clients see it as it is.
import type { ThinkingLevel } from "pi-kernel";

declare module "pi-kernel" {
  interface CustomEvents {
    model_fallback: {
      /** `provider/id` of the model that failed. */
      from: string;
      /** `provider/id` of the model the turn continues on. */
      to: string;
      /** The failure, as the error message would have said it. */
      reason: string;
      /** The thinking level sent to the next model, mapped to what it supports. */
      thinkingLevel?: ThinkingLevel;
    };
  }
}
