// The engine adapters that cannot run here, checked against their published schemas (issue 32):
// the Kubernetes example against the Kubernetes API's OpenAPI schemas (kubernetes-models, which
// validates each object with them), the GitHub Action and the example workflow with action-validator
// (the published action and workflow JSON schemas, the linter github.com/mpalmer/action-validator).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Job } from "kubernetes-models/batch/v1/Job";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { readTask } from "../../cli/run-task.js";

const file = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), "utf8");
const KINDS: Record<string, new (o: never) => { validate(): void }> = { ConfigMap, PersistentVolumeClaim, Job };

describe("engine adapters against their published schemas", () => {
  it("deploy/kubernetes: every object is valid, the Job is Indexed, and each task in the ConfigMap is a valid task", () => {
    const docs = parseAllDocuments(file("deploy/kubernetes/pi-jobs.yaml")).map((d) => d.toJS() as Record<string, any>);
    expect(docs.map((d) => d.kind)).toEqual(["ConfigMap", "PersistentVolumeClaim", "Job"]);
    for (const doc of docs) expect(() => new KINDS[doc.kind](doc as never).validate(), doc.kind).not.toThrow();
    // The validator catches a wrong field type: a check that checks something.
    const broken = { ...docs[2], spec: { ...docs[2].spec, completions: "two" } };
    expect(() => new Job(broken as never).validate()).toThrow(/completions/);
    expect(docs[2].spec.completionMode).toBe("Indexed");
    const tasks = Object.entries(docs[0].data as Record<string, string>);
    expect(tasks).toHaveLength(docs[2].spec.completions);
    for (const [name, text] of tasks) {
      expect(() => readTask(name, text), name).not.toThrow();
    }
  });

  it("action.yml and the example workflow pass action-validator", () => {
    expect(validateAction(file("action.yml")).errors).toEqual([]);
    expect(validateWorkflow(file("examples/github/pi-review.yml")).errors).toEqual([]);
    expect(validateAction("name: x\nruns:\n  using: node99\n").errors).not.toEqual([]);
  });
});
