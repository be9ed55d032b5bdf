// Cloud Code frames unwrapped by cutting the text (cloud-code-frames.ts), checked against
// JSON.parse on any JSON: the inner frame means the same object, whatever the wrapper holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { innerFrame } from "../../plugins/provider-google/cloud-code-frames.js";

const object = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 });
const others = fc.dictionary(
  fc.string().filter((k) => k !== "response"),
  fc.jsonValue(),
  { maxKeys: 3 },
);

describe("Cloud Code frame unwrapping", () => {
  it("gives the response object of any wrapped frame, compact or spaced, with any other members", () => {
    fc.assert(
      fc.property(object, others, fc.constantFrom(0, 1, 2), fc.boolean(), (response, rest, indent, first) => {
        const wrapper = first ? { response, ...rest } : { ...rest, response };
        const data = JSON.stringify(wrapper, null, indent);
        const inner = innerFrame(data);
        expect(inner).toBeDefined();
        expect(JSON.parse(inner!)).toEqual(JSON.parse(JSON.stringify(response)));
      }),
      { numRuns: 500 },
    );
  });

  it("leaves unwrapped and broken frames alone (the decoder reports them)", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const data = `{"response":${text}`;
        let parsed: unknown;
        try {
          parsed = (JSON.parse(data) as { response?: unknown }).response;
        } catch {
          parsed = undefined;
        }
        const inner = innerFrame(data);
        if (inner !== undefined) expect(JSON.parse(inner)).toEqual(parsed);
      }),
    );
    expect(innerFrame('{"error":{"code":429,"status":"RESOURCE_EXHAUSTED"}}')).toBeUndefined();
    expect(innerFrame('{"response":{"candidates":[{"content":{"parts":[{"text":"a\\"}"}]}}]},"traceId":"t"}')).toBe(
      '{"candidates":[{"content":{"parts":[{"text":"a\\"}"}]}}]}',
    );
    expect(innerFrame('{"response":{"a":1},"response":{"b":2}}')).toBe('{"b":2}');
    expect(innerFrame('{"response":{"a":1')).toBeUndefined();
    expect(innerFrame('{"response":"text"}')).toBeUndefined();
  });
});
