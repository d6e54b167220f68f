/**
 * A stand-in emit thread (for test/emit/emit-threads.test.ts) that dies as a real one would on a fault it
 * cannot answer (out of memory, a native crash): it ends with exit code 7 on the first file it is sent.
 */
import { parentPort } from "node:worker_threads";

parentPort.once("message", () => process.exit(7));
