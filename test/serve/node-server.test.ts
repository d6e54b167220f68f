import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { createHostServer } from "../../build/serve/node-server.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { minContext } from "../fixtures/min-context.ts";
import { FAILING_EXPORT } from "../helpers/failing-export.ts";
import { UNSENDABLE_SITE_STORE } from "../helpers/unsendable-store.ts";
import { requestRaw } from "./http-client.ts";
import { closeServer, listenOnLoopback } from "../helpers/loopback-server.ts";

describe("createHostServer", () => {
  const failing = FAILING_EXPORT;
  const logged: unknown[] = [];
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createHostServer(
      {
        context: await minContext(),
        endpoints: [failing, ...ENDPOINTS],
        store: EMPTY_STORE,
        logError: (error) => logged.push(error),
      },
      { trustProxy: false },
    );
    base = await listenOnLoopback(server);
  });
  afterAll(() => closeServer(server));

  it("cuts a stream whose producer fails, logs the fault, and keeps serving", async () => {
    const response = await requestRaw(base, { path: "/resume/api/v1/boom" }).catch((error: Error) => error);
    // Headers were sent before the fault: the connection is cut, so the client sees an incomplete response.
    if (!(response instanceof Error)) expect(response.body).not.toMatch(/producer failed|\/work\//);
    expect(logged).toHaveLength(1);
    const after = await fetch(`${base}/api/dataset/v1/`);
    expect(after.status).toBe(200);
    await after.arrayBuffer();
  });
});

describe("createHostServer with an answer it cannot send (a header Node's writeHead refuses)", () => {
  const logged: unknown[] = [];
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createHostServer(
      {
        context: await minContext(),
        endpoints: ENDPOINTS,
        store: UNSENDABLE_SITE_STORE,
        logError: (error) => logged.push(error),
      },
      { trustProxy: false },
    );
    base = await listenOnLoopback(server);
  });
  afterAll(() => closeServer(server));

  it.each(["GET", "HEAD"])(
    "answers %s with the contract's 500 (as the web adapter does) and logs the cause",
    async (method) => {
      logged.length = 0;
      const response = await fetch(`${base}/index.html`, { method });
      const body = await response.text();
      expect(response.status).toBe(500);
      // Not the reason phrase of the 200 that could not be sent ("500 OK").
      expect(response.statusText).toBe("Internal Server Error");
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("x-injected")).toBeNull();
      if (method === "GET") expect(JSON.parse(body)).toMatchObject({ error: "internal_error", status: 500 });
      else expect(body).toBe("");
      expect(logged).toHaveLength(1);
      expect(String(logged[0])).toMatch(/Invalid character in header content/);
    },
  );
});
