// The secret policy for models shown outside the process (RPC responses, the SDK's `model`):
// a model's request `headers` may carry keys (`X-Api-Key`, `Authorization`), so they are left out,
// as pi leaves them out of the models its RPC returns (pi keeps headers beside the model, never on
// it). Everything else about the model is shown unchanged.
import type { Model } from "pi-kernel";

/** The model without its request headers; the same object when it has none. */
export function publicModel(model: Model): Model;
export function publicModel(model: Model | undefined): Model | undefined;
export function publicModel(model: Model | undefined): Model | undefined {
  if (!model || model.headers === undefined) return model;
  const { headers: _secret, ...shown } = model;
  return shown;
}
