import { execFileSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderChartsOnce, renderChartsToSvg } from "../../build/publish/render-charts.ts";

const bars = {
  data: {
    values: [
      { kind: "a", count: 1 },
      { kind: "b", count: 3 },
    ],
  },
  mark: "bar",
  encoding: { x: { field: "kind", type: "nominal" }, y: { field: "count", type: "quantitative" } },
};

describe("renderChartsToSvg", () => {
  it("renders each Vega-Lite spec to an SVG document with its marks, the same bytes every time", async () => {
    const first = await renderChartsToSvg([bars, { ...bars, mark: "point" }]);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(first[0]!.match(/class="mark-rect role-mark/g)).toHaveLength(1);
    expect(first[0]!.match(/<path /g)!.length).toBeGreaterThanOrEqual(2);
    expect(first[1]).toContain('class="mark-symbol role-mark');
    expect(await renderChartsToSvg([bars, { ...bars, mark: "point" }])).toEqual(first);
  });

  it("gives nothing for no spec without starting the renderer", async () => {
    expect(await renderChartsToSvg([])).toEqual([]);
  });

  it("renderChartsOnce gives the renderer's SVGs, and a fresh array each time: a caller's change reaches no later build", async () => {
    const direct = await renderChartsToSvg([bars]);
    const first = await renderChartsOnce([bars]);
    expect(first).toEqual(direct);
    first[0] = "changed";
    expect(await renderChartsOnce([bars])).toEqual(direct);
  });

  it("reports a spec Vega-Lite cannot compile as an internal error with Vega's message alone, no stack trace", async () => {
    const failure = renderChartsToSvg([{ mark: "no-such-mark" }]).catch((error: unknown) => String(error));
    // Vega's own words, one line (here "Cannot read properties of undefined (reading 'filled')").
    await expect(failure).resolves.toMatch(
      /^Error: Internal error: the chart renderer failed \(exit code 1\): [^\n]+$/,
    );
  });

  describe("a renderer that fails (a stand-in program)", () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), "charts-renderer-"));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });
    const renderer = async (name: string, source: string) => {
      const script = path.join(folder, `${name}.mjs`);
      await writeFile(script, source);
      return script;
    };

    it.each([
      [
        "exits with a code",
        "process.stderr.write('out of memory\\n'); process.exit(3);",
        /^Internal error: the chart renderer failed \(exit code 3\): out of memory$/,
      ],
      [
        "is killed",
        "process.kill(process.pid, 'SIGKILL');",
        /^Internal error: the chart renderer was killed \(SIGKILL\)$/,
      ],
      [
        "prints no JSON",
        "for await (const _ of process.stdin); process.stdout.write('<svg>garbage');",
        /^Internal error: the chart renderer printed no JSON: "<svg>garbage"$/,
      ],
      [
        "prints JSON that is not one SVG per spec",
        "for await (const _ of process.stdin); process.stdout.write('[]');",
        /^Internal error: the chart renderer gave no SVG per spec$/,
      ],
    ])("%s: an internal error saying so", async (name, source, message) => {
      await expect(renderChartsToSvg([bars], { script: await renderer(name, source) })).rejects.toThrow(message);
    });

    it("never answers: stopped at its timeout, with an error saying so", async () => {
      // The message is the timer's: a renderer not stopped would meet the test's own timeout instead.
      await expect(
        renderChartsToSvg([bars], { script: await renderer("hangs", "setInterval(() => {}, 1000);"), timeoutMs: 300 }),
      ).rejects.toThrow(/^Internal error: the chart renderer took over 0.3 s and was stopped$/);
    });
  });

  it("lays text out the same whether or not a `canvas` package can be imported (Vega measures text with it when it can)", async () => {
    // A tree where the project's packages resolve beside a stand-in `canvas`, as in a workspace that
    // hoists one or under a home folder holding one: the renderer is run from there, symbolic links kept.
    const root = await mkdtemp(path.join(os.tmpdir(), "charts-canvas-"));
    try {
      const modules = path.join(root, "node_modules");
      await mkdir(path.join(modules, "canvas"), { recursive: true });
      for (const name of await readdir("node_modules"))
        if (name !== "canvas" && !name.startsWith("."))
          await symlink(path.resolve("node_modules", name), path.join(modules, name));
      await writeFile(
        path.join(modules, "canvas", "package.json"),
        '{"name":"canvas","type":"module","main":"index.js"}',
      );
      await writeFile(
        path.join(modules, "canvas", "index.js"),
        [
          "class Context { font = '10px sans-serif'; measureText(text) { return { width: String(text).length * parseFloat(/([\\d.]+)px/.exec(this.font)[1]) * 0.6 }; } }",
          "export class Canvas { constructor(width, height) { this.width = width; this.height = height; } getContext() { return new Context(); } }",
          "export const createCanvas = (width, height) => new Canvas(width, height);",
          "export class Image {}",
        ].join("\n"),
      );
      const renderer = path.join(root, "render-vega-lite.mjs");
      await copyFile("build/publish/render-vega-lite.mjs", renderer);
      const env = { ...process.env, NODE_PRESERVE_SYMLINKS: "1", TZ: "UTC" };
      const run = (args: string[], input = "") =>
        execFileSync(process.execPath, args, { cwd: root, env, input, encoding: "utf8" });
      expect(
        run([
          "--input-type=module",
          "-e",
          "const { canvas } = await import('vega-canvas'); process.stdout.write(String(canvas(1, 1) !== null));",
        ]),
      ).toBe("true");
      const labelled = {
        ...bars,
        data: {
          values: [
            { kind: "Amber Basalt Casino", count: 1 },
            { kind: "Nova", count: 3 },
          ],
        },
        encoding: { ...bars.encoding, x: { field: "kind", type: "nominal", title: "Brand of the sample" } },
      };
      expect(JSON.parse(run([renderer], JSON.stringify([labelled])))).toEqual(await renderChartsToSvg([labelled]));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
