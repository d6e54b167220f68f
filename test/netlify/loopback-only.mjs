// Preloaded into the Netlify CLI (NODE_OPTIONS=--import) by the smoke test: its servers call
// listen({ port }) without a host, which binds every interface; this makes them bind 127.0.0.1 only.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (
    typeof first === "object" &&
    first !== null &&
    !("path" in first) &&
    !("fd" in first) &&
    !("handle" in first) &&
    first.host === undefined
  ) {
    args[0] = { ...first, host: "127.0.0.1" };
  } else if (
    (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) &&
    typeof args[1] !== "string"
  ) {
    args.splice(1, 0, "127.0.0.1");
  }
  return listen.apply(this, args);
};
