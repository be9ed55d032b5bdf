// Google's Cloud Code Assist (Gemini CLI and Antigravity sign-ins): `/v1internal:streamGenerateContent`
// takes the Gemini request wrapped as `{project, model, request}` and answers Gemini's frames
// wrapped as `data: {"response": {...}}`.
import * as gemini from "./gemini.mjs";

const wrap = (frame) => frame.replace(/^data: (.*)\r\n\r\n$/s, (_, json) => `data: {"response":${json}}\r\n\r\n`);

export function frames(turn, body, responseId) {
  return gemini.frames(turn, body?.request, responseId, `/models/${body?.model ?? "sim-gemini"}:streamGenerateContent`).map(wrap);
}

export const malformedFrame = gemini.malformedFrame;
export const errorBody = gemini.errorBody;
export const errorFrame = gemini.errorFrame;
export const requestIdHeader = gemini.requestIdHeader;
