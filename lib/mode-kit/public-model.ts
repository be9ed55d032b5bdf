// The secret policy for models shown outside the process (RPC responses, the SDK's `model`):
// a model's request `headers` may carry keys (`X-Api-Key`, `Authorization`), so they are left out,
// as pi leaves them out of the models its RPC returns (pi keeps headers beside the model, never on
// it). The models plugin's `source` note (the models.json path, for error messages) is internal
// and left out too. Everything else about the model is shown unchanged.
import type { Model } from "pi-kernel";

/** The model without its request headers; the same object when it has none. */
export function publicModel(model: Model): Model;
export function publicModel(model: Model | undefined): Model | undefined;
export function publicModel(model: Model | undefined): Model | undefined {
  if (!model || (model.headers === undefined && !("source" in model))) return model;
  const { headers: _secret, source: _internal, ...shown } = model as Model & { source?: unknown };
  return shown;
}
