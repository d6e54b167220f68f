/**
 * nginx as the reference: Debian's package, started by the benchmark on 127.0.0.1 with its own config
 * (2 workers, sendfile, etag, gzip_static) over the same dist/, each public URL of a precomputed file
 * mapped to its file; stopped at the end. Skipped, with a message, where nginx is not installed.
 * @module
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest } from "../../build/output-format/manifest.ts";
import { startProcess, stopProcess, waitForHttp } from "./processes.ts";
import { urlOfFile } from "./urls.ts";

/**
 * The nginx binary: `BENCH_NGINX` when set (a path; one that does not exist skips the nginx rows), else the
 * first `nginx` on PATH, else Debian's /usr/sbin/nginx (not on a user's PATH).
 */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BENCH_NGINX !== undefined && env.BENCH_NGINX !== "")
    return existsSync(env.BENCH_NGINX) ? env.BENCH_NGINX : undefined;
  const onPath = (env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, "nginx"));
  return [...onPath, "/usr/sbin/nginx"].find((file) => existsSync(file));
}

const NGINX = findNginx();

/** Why nginx (null: none found) cannot run here, or undefined when it can. */
export function nginxMissing(nginx: string | null = NGINX ?? null): string | undefined {
  if (nginx === null)
    return `nginx is not installed (Debian: apt-get install -y nginx${process.env.BENCH_NGINX ? `; BENCH_NGINX=${process.env.BENCH_NGINX} does not exist` : ""}): the nginx reference rows (precomputed pages and cards, 304s, gzip) are skipped`;
  return spawnSync(nginx, ["-v"]).status === 0
    ? undefined
    : `${nginx} -v fails here: the nginx reference rows (precomputed pages and cards, 304s, gzip) are skipped`;
}

export interface RunningNginx {
  url: string;
  version: string;
  stop(): Promise<void>;
}

/** `"<url>" /responses/<file>;` lines: every precomputed file at its public URL. */
function urlMap(manifest: Manifest): string {
  const quote = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  return Object.keys(manifest.files)
    .map((file) => `${quote(urlOfFile(file))} ${quote(`/${file}`)};`)
    .join("\n");
}

function config(dir: string, dist: string, port: number): string {
  return `user root;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  etag on;
  gzip_static on;
  types { application/json json; application/x-ndjson ndjson; text/html html; text/plain txt; }
  default_type application/octet-stream;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  map_hash_max_size 262144;
  map_hash_bucket_size 256;
  map $request_uri $bench_file { default ""; include ${dir}/urls.map; }
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    add_header Access-Control-Allow-Origin "*";
    add_header Cache-Control "public, max-age=300";
    location / { try_files $bench_file =404; }
  }
}
`;
}

/** Writes the config into `dir`, starts nginx in the foreground (so it is our child), waits until it answers. */
export async function startNginx(
  dir: string,
  dist: string,
  manifest: Manifest,
  port: number,
  probePath: string,
  cpus?: string,
): Promise<RunningNginx> {
  writeFileSync(path.join(dir, "urls.map"), `${urlMap(manifest)}\n`);
  writeFileSync(path.join(dir, "nginx.conf"), config(dir, dist, port));
  spawnSync("mkdir", ["-p", path.join(dir, "tmp")]);
  // Workers inherit the master's CPU affinity, so pinning the master pins them all.
  const child: ChildProcess = startProcess(
    NGINX!,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
    cpus === undefined ? {} : { cpus },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${probePath}`, performance.now(), 15_000);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`nginx did not start: ${stderr.slice(-1000)}`, { cause: error });
  }
  const version = spawnSync(NGINX!, ["-v"])
    .stderr.toString()
    .trim()
    .replace(/^nginx version: /, "");
  // SIGQUIT is nginx's graceful stop; the master takes its workers with it.
  return {
    url,
    version,
    stop: () =>
      new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGQUIT")),
      ),
  };
}
