/**
 * json-server 0.17 as the fallback reference: installed outside the project (npm's own client, into a
 * tools folder), fed the same data (the brand list items the API returns, the resume records), started
 * and stopped by the benchmark.
 * @module
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HandlerDeps } from "../../build/serve/handle-request.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { runProcess, startProcess, stopProcess, waitForHttp } from "./processes.ts";

export const JSON_SERVER_VERSION = "0.17.4";
/** Where json-server is installed, outside the project's dependencies. */
export const TOOLS_DIR = process.env.BENCH_TOOLS ?? path.join(os.tmpdir(), "bench-tools");
const BIN = path.join(TOOLS_DIR, "node_modules", "json-server", "lib", "cli", "bin.js");

/** Installs json-server into TOOLS_DIR unless it is there; returns why it cannot run, or undefined. */
export async function ensureJsonServer(log: (line: string) => void): Promise<string | undefined> {
  if (existsSync(BIN)) return undefined;
  log(`installing json-server@${JSON_SERVER_VERSION} into ${TOOLS_DIR} (outside the project) …`);
  try {
    mkdirSync(TOOLS_DIR, { recursive: true });
    await runProcess("npm", [
      "install",
      "--prefix",
      TOOLS_DIR,
      "--no-audit",
      "--no-fund",
      `json-server@${JSON_SERVER_VERSION}`,
    ]);
    return existsSync(BIN) ? undefined : "json-server did not install";
  } catch (error) {
    return `json-server could not be installed (${String(error).slice(0, 200)}); the json-server rows are skipped`;
  }
}

/** Every item of a list endpoint, as the API's pages return them (the engine answers, `perPage` a page). */
async function listItems(deps: HandlerDeps, path: string, perPage: number): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const response = await handleRequest(
      { method: "GET", url: `${path}?per_page=${perPage}&page=${page}`, clientAddress: "bench" },
      deps,
    );
    const data = (JSON.parse(String(response.body)) as { data: unknown[] }).data;
    if (data.length === 0) return items;
    items.push(...data);
  }
}

/**
 * Writes json-server's database, the same data as the API serves: `brands`, the brand list items;
 * `resume_items`, the resume list items (so a filtered page is the same page, item for item, as ours);
 * `resumes`, the full records (full-text `q` must see the text that ours searches).
 */
export async function writeJsonServerDb(
  dir: string,
  deps: HandlerDeps,
): Promise<{ file: string; brands: number; resumes: number }> {
  const brands = await listItems(deps, "/api/dataset/v1/brands", 100);
  const resumeItems = await listItems(deps, "/resume/api/v1/resumes", 200);
  const resumes = deps.context.dataset.resumes;
  if (resumeItems.length !== resumes.length)
    throw new Error(`the resume list has ${resumeItems.length} items for ${resumes.length} resumes`);
  const file = path.join(dir, "db.json");
  writeFileSync(file, JSON.stringify({ brands, resume_items: resumeItems, resumes }));
  return { file, brands: brands.length, resumes: resumes.length };
}

export interface RunningJsonServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts json-server on the database and waits until it answers. */
export async function startJsonServer(db: string, port: number, cpus?: string): Promise<RunningJsonServer> {
  const child = startProcess(
    process.execPath,
    [BIN, db, "--port", String(port), "--host", "127.0.0.1", "--quiet"],
    cpus === undefined ? {} : { cpus },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/brands?_page=1&_limit=1`, performance.now(), 30_000);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, pid: child.pid!, stop: () => stopProcess(child) };
}
