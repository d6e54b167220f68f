/**
 * Host settings from flags and environment (PORT, HOST, DIST, RATE_LIMIT, TRUST_PROXY), validated with zod.
 * @module
 */
import { z } from "zod";

export const hostConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080).describe("TCP port (PORT)"),
  host: z.string().min(1).default("127.0.0.1").describe("Address to listen on (HOST)"),
  dist: z.string().min(1).default("dist").describe("Built folder to serve (DIST)"),
  rateLimit: z.coerce.number().int().min(0).default(120).describe("Requests per rolling minute per client and service; 0 turns it off (RATE_LIMIT)"),
  trustProxy: z
    .union([z.boolean(), z.enum(["1", "true", "0", "false"]).transform((text) => text === "1" || text === "true")])
    .default(false)
    .describe("Read the client address from X-Forwarded-For (TRUST_PROXY)"),
});

export type HostConfig = z.infer<typeof hostConfigSchema>;

/** Flags win over the environment; the environment wins over defaults. */
export function resolveHostConfig(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): HostConfig {
  const pick = (flag: string, variable: string) => flags[flag] ?? (env[variable] === "" ? undefined : env[variable]);
  return hostConfigSchema.parse({
    port: pick("port", "PORT"),
    host: pick("host", "HOST"),
    dist: pick("dist", "DIST"),
    rateLimit: pick("rateLimit", "RATE_LIMIT"),
    trustProxy: pick("trustProxy", "TRUST_PROXY"),
  });
}
