/**
 * `npm run seed`: writes the deterministic synthetic sample into the seeds folder.
 * Usage: tsx scripts/seed.ts [--out seeds] [--scale 1]
 * @module
 */
import { createSeedCommand } from "../build/sample/seed-command.ts";

await createSeedCommand().parseAsync();
