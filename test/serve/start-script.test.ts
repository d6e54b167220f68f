/**
 * `npm start`'s script (scripts/start.mjs): the host from an esbuild bundle of its sources, made on the
 * first start, reused while the sources are unchanged, made anew when one changed, and tsx where no
 * bundle can be made. Each test has a bundle folder of its own inside the project (packages resolve
 * from the bundle's folder upwards, so it must lie under the project's node_modules).
 *
 * Each host started loads its build and starts its live worker: a start that only checks the bundle
 * runs `--help` instead (issue 29), which goes through the same bundling step (scripts/run-bundled.mjs)
 * before the host's command line answers. The hosts serve the run's seeds-min build (global setup), which
 * they load in a fraction of the sample's time; the bundled host's answers are compared with those of the
 * host started from its sources in this process (startHost with the settings scripts/serve.ts resolves),
 * not with a second child through tsx, which the last test starts anyway (issue 29).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { resolveHostConfig } from "../../build/serve/host-config.ts";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import { startHostProcess, type HostProcess } from "../reliability/host-process.ts";

const bundleDirs: string[] = [];
function freshBundleDir(): string {
  const dir = path.resolve("node_modules", ".cache", `start-script-test-${process.pid}-${bundleDirs.length}`);
  rmSync(dir, { recursive: true, force: true });
  bundleDirs.push(dir);
  return dir;
}

/**
 * For the hosts that check their own bundle: live answers on the host's thread. A live worker would bundle
 * its own entry first, and under load its start outlasted the live budget (a 503 where 200 was checked).
 */
const NO_LIVE_WORKER = { LIVE_WORKERS: "0" };

const hosts: HostProcess[] = [];
const inProcessHosts: RunningHost[] = [];
async function startFromScript(bundleDir: string, env: { [name: string]: string } = {}): Promise<HostProcess> {
  const host = await startHostProcess(inject("seedsMinDist"), {
    viaStartScript: true,
    env: { BUNDLE_CACHE_DIR: bundleDir, ...env },
  });
  hosts.push(host);
  return host;
}

/** Runs `node scripts/start.mjs --help` with its bundle in `bundleDir`: it bundles (or reuses the bundle) as a start does. */
function bundleThroughHelp(bundleDir: string): void {
  const result = spawnSync(process.execPath, ["scripts/start.mjs", "--help"], {
    encoding: "utf8",
    env: { ...process.env, BUNDLE_CACHE_DIR: bundleDir },
  });
  expect(result.stderr).toBe("");
  expect(result.stdout).toContain("Usage: serve");
  expect(result.status).toBe(0);
}

afterAll(async () => {
  await Promise.all([...hosts.map((host) => host.kill()), ...inProcessHosts.map((host) => host.close(0))]);
  for (const dir of bundleDirs) rmSync(dir, { recursive: true, force: true });
});

interface Record {
  bundle: string;
  inputs: { [file: string]: string };
}
const readRecord = (dir: string): Record =>
  JSON.parse(readFileSync(path.join(dir, "host-bundle.json"), "utf8")) as Record;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** The commands of the processes whose parent is `pid` (Linux's /proc). */
function childCommands(pid: number): string[] {
  const commands: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) commands.push(stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")));
    } catch {
      // ended meanwhile
    }
  }
  return commands;
}

/** Status, the headers that do not move from one answer to the next, and the body. */
async function answer(url: string, headers: { [name: string]: string } = {}) {
  const res = await fetch(url, { headers });
  const kept = [...res.headers].filter(([name]) => name !== "date" && name !== "keep-alive" && name !== "connection");
  return { status: res.status, headers: kept, body: Buffer.from(await res.arrayBuffer()).toString("base64") };
}

describe("scripts/start.mjs", () => {
  it("bundles the host on its first start and answers byte for byte as the host run from its sources", async () => {
    const dir = freshBundleDir();
    const bundled = await startFromScript(dir);
    const record = readRecord(dir);
    expect(record.bundle).toMatch(/^host-[0-9a-f]{16}\.mjs$/);
    expect(statSync(path.join(dir, record.bundle)).size).toBeGreaterThan(10_000);
    // Every module of the host is listed with its hash, and the settings that steer esbuild too.
    expect(record.inputs["scripts/serve.ts"]).toBe(sha256("scripts/serve.ts"));
    expect(record.inputs["build/serve/start-host.ts"]).toBe(sha256("build/serve/start-host.ts"));
    expect(record.inputs["tsconfig.json"]).toBe(sha256("tsconfig.json"));
    expect(Object.keys(record.inputs).some((file) => file.includes("node_modules"))).toBe(false);
    // esbuild's service process is stopped once the bundle is made, not kept beside the host. The live
    // workers (issue 30) bundle their own entry as they start, alongside the host: give them a moment.
    for (let waited = 0; childCommands(bundled.child.pid!).length > 0 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(childCommands(bundled.child.pid!)).toEqual([]);

    // The same settings as the child's (host-process.ts gives each; the rest are the defaults both resolve).
    const fromSources = await startHost(
      resolveHostConfig({}, { PORT: "0", HOST: "127.0.0.1", DIST: inject("seedsMinDist"), RATE_LIMIT: "0" }),
    );
    inProcessHosts.push(fromSources);
    const paths = [
      "/api/dataset/v1/brands?per_page=3", // precomputed
      "/api/dataset/v1/brands?per_page=3&sort=name&order=desc&country=GB,DE", // computed on the fly
      "/resume/api/v1/resumes?q=seo%20affiliate&per_page=2", // full-text search
      "/api/dataset/v1/brands/no-such-brand", // 404
      "/api/dataset/v1/brands?per_page=101", // 400
    ];
    for (const target of paths) {
      for (const encoding of ["identity", "br"]) {
        const [fromBundle, fromSourcesAnswer] = await Promise.all([
          answer(`${bundled.url}${target}`, { "accept-encoding": encoding }),
          answer(`${fromSources.url}${target}`, { "accept-encoding": encoding }),
        ]);
        expect(fromBundle, `${target} (${encoding})`).toEqual(fromSourcesAnswer);
      }
    }
    expect((await answer(`${bundled.url}/api/dataset/v1/brands/no-such-brand`)).status).toBe(404);
    expect(bundled.errors()).toBe("");
  });

  it("reuses the bundle while no source changed, and bundles anew when one did", async () => {
    const dir = freshBundleDir();
    bundleThroughHelp(dir); // the first bundle, made as a start makes it
    const first = readRecord(dir);
    const bundleFile = path.join(dir, first.bundle);
    const made = statSync(bundleFile);

    bundleThroughHelp(dir);
    expect(readRecord(dir)).toEqual(first);
    expect(statSync(bundleFile).mtimeMs).toBe(made.mtimeMs); // not written again

    // As if build/serve/start-host.ts had been edited since the bundle was made: its hash differs.
    const edited = { ...first, inputs: { ...first.inputs, "build/serve/start-host.ts": "0".repeat(64) } };
    writeFileSync(path.join(dir, "host-bundle.json"), JSON.stringify(edited));
    const afterEdit = await startFromScript(dir, NO_LIVE_WORKER);
    expect(readRecord(dir).inputs["build/serve/start-host.ts"]).toBe(sha256("build/serve/start-host.ts"));
    expect((await answer(`${afterEdit.url}/api/dataset/v1/brands?per_page=1`)).status).toBe(200);

    // A bundle of earlier sources goes once a newer one is made; one made a moment ago stays (a host
    // starting meanwhile may be about to import it).
    const old = path.join(dir, "host-0123456789abcdef.mjs");
    const recent = path.join(dir, "host-fedcba9876543210.mjs");
    writeFileSync(old, "");
    writeFileSync(`${old}.map`, "");
    writeFileSync(recent, "");
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, anHourAgo, anHourAgo);
    utimesSync(`${old}.map`, anHourAgo, anHourAgo);

    // As if a source it was made from had been removed or renamed.
    const renamed = {
      ...first,
      inputs: { ...first.inputs, "build/serve/gone-module.ts": first.inputs["scripts/serve.ts"]! },
    };
    writeFileSync(path.join(dir, "host-bundle.json"), JSON.stringify(renamed));
    bundleThroughHelp(dir);
    expect(readRecord(dir).inputs).toEqual(first.inputs);

    // As if the cache had been cleaned in part: the record is there, the bundle it names is not.
    rmSync(bundleFile);
    const afterCleaning = await startFromScript(dir, NO_LIVE_WORKER);
    expect(existsSync(bundleFile)).toBe(true);
    expect((await answer(`${afterCleaning.url}/api/dataset/v1/brands?per_page=1`)).status).toBe(200);
    expect([existsSync(old), existsSync(`${old}.map`), existsSync(recent), existsSync(bundleFile)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("starts the host through tsx, saying so, where the bundle cannot be written", async () => {
    const dir = freshBundleDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "a-file"), "");
    // A folder under a file: ENOTDIR. No live worker: its own bundle would fail alike and it would start
    // through tsx too, a second message racing the check below (and seconds of CPU) (issue 29).
    const host = await startFromScript(path.join(dir, "a-file", "bundle"), NO_LIVE_WORKER);
    expect(host.errors()).toMatch(
      /^The host's bundle could not be made \(.*ENOTDIR.*\): starting it through tsx, which takes longer\.\n$/,
    );
    expect((await answer(`${host.url}/api/dataset/v1/brands?per_page=1`)).status).toBe(200);
  });
});
