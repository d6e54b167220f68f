import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

describe("path traversal is impossible (contract §1)", () => {
  it.each([
    ["/api/dataset/v1/../../etc/passwd", 404],
    ["/api/dataset/v1/%2e%2e/%2e%2e/etc/passwd", 404],
    ["/api/dataset/v1/%2E%2E/%2E%2E/%2E%2E/etc/passwd", 404],
    ["/api/dataset/v1/brands/..%2F..%2F..%2F..%2Fetc%2Fpasswd", 404], // encoded slashes stay inside one segment: a slug
    ["/api/dataset/v1/brands/%2e%2e", 404],
    ["/api/dataset/v1/brands/..", 404],
    ["/api/dataset/v1/brands/..\\..\\..\\etc\\passwd", 404],
    ["/api/dataset/v1/brands/%2e%2e%5c%2e%2e%5cetc%5cpasswd", 404],
    ["/../../../../etc/passwd", 404],
    ["//etc/passwd", 404],
    ["/api/dataset/v1/brands/%00", 404],
    ["/api/dataset/v1/brands/%c0%ae%c0%ae", 400], // overlong UTF-8 for '.': not valid percent-encoded UTF-8
    ["/responses/api/dataset/v1/index.json", 404], // the precomputed files are not public paths
    ["/_engine/dataset.json", 404],
    ["/_engine/manifest.json", 404],
    ["/api/dataset/v1/brands?q=../../../etc/passwd", 200], // a value is data, never a path
  ])("%s → %d JSON, never a file", async (path, status) => {
    // In process, the path reaches the handler exactly as given (fetch would normalise `..` and `%2e%2e`).
    const response = await host.get(path);
    const text = await response.text();
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(text).not.toMatch(/root:|"files":\{|"brands":\[\{"slug"/);
    const body = JSON.parse(text) as Record<string, unknown>;
    if (status === 200) expect(Object.keys(body)).toEqual(["meta", "data"]);
    else expect(body.status).toBe(status);
  });
});
