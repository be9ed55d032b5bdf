// Providers other plugins add at run time (pi extensions' registerProvider): each is kept under
// its owner and applied over the catalog. A provider with `models` replaces that provider's models;
// one with only `baseUrl` / `headers` redirects the provider's existing models (a proxy). Removing
// it restores what was there.
import type { Model } from "pi-kernel";

export type { AddedProvider } from "../../contracts/models.js";
import type { AddedProvider } from "../../contracts/models.js";

export class AddedProviders {
  private readonly byOwner = new Map<string, AddedProvider>();

  /** `owner` names the registration (one per owner: adding again replaces it). Returns the removal. */
  add(owner: string, provider: AddedProvider): () => void {
    this.byOwner.set(owner, provider);
    return () => {
      if (this.byOwner.get(owner) === provider) this.byOwner.delete(owner);
    };
  }

  get size(): number {
    return this.byOwner.size;
  }

  apiKey(provider: string): string | undefined {
    return [...this.byOwner.values()].reverse().find((p) => p.name === provider && p.apiKey)?.apiKey;
  }

  /** The catalog with every added provider applied, in the order they were added. */
  apply(base: Model[]): { models: Model[]; own: Set<Model> } {
    let models = base;
    const own = new Set<Model>();
    for (const p of this.byOwner.values()) {
      if (p.models) {
        models = [...p.models, ...models.filter((m) => m.provider !== p.name)];
        for (const m of p.models) own.add(m);
      } else {
        models = models.map((m) => (m.provider === p.name ? redirected(m, p) : m));
      }
    }
    return { models, own };
  }
}

function redirected(model: Model, p: AddedProvider): Model {
  return {
    ...model,
    ...(p.baseUrl && { baseUrl: p.baseUrl }),
    ...(p.headers && { headers: { ...model.headers, ...p.headers } }),
  };
}
