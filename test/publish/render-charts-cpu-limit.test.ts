/**
 * The chart renderer's limit is CPU time, not wall-clock time (issue 32): a renderer that spins is stopped
 * once it has used its CPU seconds, while one that only waits (as on a busy machine, for a core) is not.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderChartsToSvg } from "../../build/publish/render-charts.ts";

const spec = { data: { values: [{ x: 1 }] }, mark: "point" };

// Concurrent: one renderer spins while the other waits, each on its own limit (issue 29: the file's time was
// the sum of the two).
describe.runIf(process.platform !== "win32").concurrent("renderChartsToSvg's CPU limit", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "charts-cpu-limit-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  const renderer = async (name: string, source: string) => {
    const script = path.join(folder, `${name}.mjs`);
    await writeFile(script, source);
    return script;
  };

  it("stops a renderer that spins once it has used its CPU seconds, with an error saying so", async () => {
    const script = await renderer("spins", "for (;;);");
    await expect(renderChartsToSvg([spec], { script, cpuLimitS: 1 })).rejects.toThrow(
      /^Internal error: the chart renderer used over 1 s of CPU and was stopped$/,
    );
  });

  it("lets a renderer that waits longer than its CPU limit finish: waiting uses no CPU", async () => {
    const script = await renderer(
      "waits",
      "for await (const _ of process.stdin); setTimeout(() => process.stdout.write(JSON.stringify(['<svg/>'])), 1500);",
    );
    await expect(renderChartsToSvg([spec], { script, cpuLimitS: 1 })).resolves.toEqual(["<svg/>"]);
  });
});
