/**
 * netlify.toml's build commands: each deploy context builds with its own public address (Netlify's
 * `URL` in production, `DEPLOY_PRIME_URL` in previews and branch deploys), so the discovery documents,
 * llms.txt and the pages name the deploy they are on rather than the default 127.0.0.1:8080.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The build command of each section of netlify.toml that has one: `build`, `context.deploy-preview`, … */
function buildCommands(): Record<string, string> {
  const commands: Record<string, string> = {};
  let section = "";
  for (const line of readFileSync("netlify.toml", "utf8")
    .split("\n")
    .map((text) => text.trim())) {
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header !== null) section = header[1]!;
    // A TOML basic string's escapes (\" and \\) read as JSON's.
    const command = /^command\s*=\s*("(?:[^"\\]|\\.)*")$/.exec(line);
    if (command !== null) commands[section] = JSON.parse(command[1]!) as string;
  }
  return commands;
}

/** The arguments the command passes to `npm run build --`, as a POSIX shell expands them with `env`. */
function buildArguments(command: string, env: Record<string, string>): string[] {
  const prefix = "npm run build -- ";
  expect(command.startsWith(prefix)).toBe(true);
  const result = spawnSync("sh", ["-c", `printf '%s\\n' ${command.slice(prefix.length)}`], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
  expect(result.status).toBe(0);
  return result.stdout.split("\n").slice(0, -1);
}

const SITE = "https://open-demand.example.org";
const DEPLOY = "https://deploy-preview-7--open-demand.example.org";

describe("netlify.toml's build commands", () => {
  const commands = buildCommands();

  it("has one for production (the [build] default) and one for each kind of preview", () => {
    expect(Object.keys(commands).sort()).toEqual(["build", "context.branch-deploy", "context.deploy-preview"]);
  });

  it.each<[string, Record<string, string>, string]>([
    ["build", { URL: SITE, DEPLOY_PRIME_URL: DEPLOY }, SITE],
    ["context.deploy-preview", { URL: SITE, DEPLOY_PRIME_URL: DEPLOY }, DEPLOY],
    ["context.branch-deploy", { URL: SITE, DEPLOY_PRIME_URL: DEPLOY }, DEPLOY],
    ["context.deploy-preview", { URL: SITE }, SITE],
  ])("[%s] with %j builds for %s", (section, env, expected) => {
    const args = buildArguments(commands[section]!, env);
    // Commander keeps the last value of a repeated option.
    expect(args.filter((_arg, index) => index % 2 === 0).every((name) => name === "--base-url")).toBe(true);
    expect(args.at(-1)).toBe(expected);
  });

  it.each(["build", "context.branch-deploy"])(
    "[%s] without Netlify's addresses passes no --base-url: meta.base_url, else the default, applies (#26)",
    (section) => {
      // printf prints one empty line when it is given no argument at all.
      expect(buildArguments(commands[section]!, {})).toEqual([""]);
    },
  );
});
