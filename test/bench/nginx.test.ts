/**
 * Where the bench finds nginx, and what it says when it cannot (the nginx rows are then skipped).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findNginx, nginxMissing } from "../../scripts/bench/nginx.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
const fake = path.join(dir, "nginx");
writeFileSync(fake, "#!/bin/sh\nexit 0\n");
chmodSync(fake, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("findNginx", () => {
  it("takes BENCH_NGINX first, and nothing when that file does not exist", () => {
    expect(findNginx({ BENCH_NGINX: fake, PATH: "/nowhere" })).toBe(fake);
    expect(findNginx({ BENCH_NGINX: path.join(dir, "absent"), PATH: dir })).toBeUndefined();
  });

  it("then the first nginx on PATH", () => {
    expect(findNginx({ PATH: ["/nowhere", dir].join(path.delimiter) })).toBe(fake);
  });
});

describe("nginxMissing", () => {
  it("says how to install nginx and which rows are skipped", () => {
    expect(nginxMissing(null)).toMatch(/apt-get install -y nginx.*rows .*skipped/);
  });

  it("accepts a binary whose -v succeeds", () => {
    expect(nginxMissing(fake)).toBeUndefined();
  });
});
