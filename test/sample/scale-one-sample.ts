/**
 * The sample generated at scale 1 (the committed sample's scale), once per worker (issue 29):
 * generate-sample.test.ts and synthetic-sample.test.ts both check it, and files of the shared-graph project
 * that run in the same worker share this module. Read it only: both files see the same Map.
 */
import { generateSample } from "../../build/sample/generate-sample.ts";

let sample: ReadonlyMap<string, string> | undefined;

export function scaleOneSample(): ReadonlyMap<string, string> {
  sample ??= generateSample({ scale: 1 });
  return sample;
}
