import { createBuildCommand } from "../build/cli.ts";

await createBuildCommand().parseAsync();
