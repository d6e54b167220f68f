/**
 * A streamed export read slowly: sent with backpressure to the end, without piling up a listener per
 * pause (Node warns past 10 listeners, and each one held memory until the response closed).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { closeGracefully, createHostServer } from "../../build/serve/node-server.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { holdResponse } from "./slow-clients.ts";

let server: Server;
let url = "";
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  const { context } = await sampleContext();
  server = createHostServer({ context, endpoints: ENDPOINTS, store: EMPTY_STORE }, { trustProxy: false });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.on("warning", onWarning);
});
afterAll(async () => {
  process.off("warning", onWarning);
  await closeGracefully(server, 0);
});

it("streams a slowly read export to its last line with no listener leak", async () => {
  for (let round = 0; round < 3; round += 1) {
    const held = await holdResponse(url, `/resume/api/v1/resumes/export?per_page=200&page=${round + 1}`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the host fills its buffer and waits
    const lines = (await held.finish()).toString("utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.length).toBe(200);
  }
  await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
});
