/**
 * A store whose every site page has a Content-Type with a line break in it: no HTTP stack will send that
 * header (fetch's Headers and Node's writeHead both throw). For the tests that such a fault of ours is
 * answered with the contract's 500, on the Node host and in the web adapter alike.
 */
import { EMPTY_STORE, type PrecomputedStore } from "../../build/serve/precomputed-store.ts";

export const UNSENDABLE_SITE_STORE: PrecomputedStore = {
  ...EMPTY_STORE,
  getSite: async () => ({
    file: "site/x.html",
    type: "text/html\r\nX-Injected: 1",
    etag: '"x"',
    bytes: 1,
    body: Buffer.from("x"),
  }),
};
