/**
 * The size limit of one JSON answer (issue 32): the rule (bytes of the rendered answer, its newline
 * included, against MAX_ANSWER_BYTES), the early count of a long list, and the 400 that points elsewhere.
 */
import { describe, expect, it } from "vitest";
import { HttpError } from "../../build/errors.ts";
import { answerBudget, MAX_ANSWER_BYTES, resultTooLarge } from "../../build/query/answer-size.ts";
import { indexEndpoint } from "../../build/query/dataset/index-values.ts";
import { regulatorsEndpoint } from "../../build/query/dataset/regulators.ts";
import { renderAnswer } from "../../build/query/run-query.ts";

/** `{"meta":{},"data":["<text>"]}` and a newline: 24 bytes around the text's own. */
const listOf = (text: string) => ({ meta: {}, data: [text] });

function refusal(run: () => unknown): HttpError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  return undefined;
}

describe("MAX_ANSWER_BYTES", () => {
  it("is 4,000,000 bytes: under Netlify's 6 MB for a buffered response even base64-encoded (4/3 larger)", () => {
    expect(MAX_ANSWER_BYTES).toBe(4_000_000);
    expect((MAX_ANSWER_BYTES * 4) / 3).toBeLessThan(6_000_000);
  });
});

describe("renderAnswer", () => {
  it.each([
    ["exactly at the limit: served", "x".repeat(4_000_000 - 24), 200],
    ["one byte over: refused", "x".repeat(4_000_000 - 23), 400],
    // 1,999,988 two-byte letters: 3,999,976 bytes but half as many characters, so only the byte count refuses it.
    ["two-byte letters one byte over in bytes, far under in characters: refused", "é".repeat(1_999_988) + "x", 400],
    ["two-byte letters exactly at the limit: served", "é".repeat(1_999_988), 200],
  ])("counts the bytes of the answer with its newline: %s", (_case, text, status) => {
    const error = refusal(() => renderAnswer(indexEndpoint, listOf(text)));
    expect(error?.status ?? 200).toBe(status);
    if (status === 200)
      expect(Buffer.byteLength(renderAnswer(indexEndpoint, listOf(text)))).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
  });

  it("refuses a document that is not a list the same way", () => {
    expect(refusal(() => renderAnswer(regulatorsEndpoint, { text: "x".repeat(MAX_ANSWER_BYTES) }))?.code).toBe(
      "result_too_large",
    );
  });
});

describe("answerBudget", () => {
  it("refuses once the items' JSON, each with its comma, passes the limit, not before", () => {
    const count = answerBudget(indexEndpoint);
    const item = "x".repeat(999_999); // 1,000,000 with its comma
    for (let n = 0; n < 4; n++) count(item); // 4,000,000: at the limit
    expect(refusal(() => count(""))?.code).toBe("result_too_large"); // 4,000,001
  });
});

describe("resultTooLarge", () => {
  it("points to the parameters that narrow /index and to its bulk download", () => {
    expect(resultTooLarge(indexEndpoint).toBody()).toEqual({
      error: "result_too_large",
      status: 400,
      message:
        "The answer would be more than 4,000,000 bytes, the limit of one JSON answer. Narrow the query ('country', 'brand', 'metric', 'period', 'from', 'to', 'vertical'), or download every record at once: /downloads/index.ndjson.gz.",
      details: {
        limit_bytes: 4_000_000,
        narrow_with: ["country", "brand", "metric", "period", "from", "to", "vertical"],
        download: "/downloads/index.ndjson.gz",
      },
    });
  });

  it("points an endpoint without narrowing parameters or a download of its own to the downloads page", () => {
    expect(resultTooLarge(regulatorsEndpoint).toBody()).toMatchObject({
      message:
        "The answer would be more than 4,000,000 bytes, the limit of one JSON answer. Download every record at once: /downloads/.",
      details: { narrow_with: [], download: "/downloads/" },
    });
  });
});
