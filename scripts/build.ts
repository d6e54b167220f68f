import { createBuildCommand } from "../build/cli.ts";

await createBuildCommand().parseAsync();
// A failed build may leave work running that nothing waits for any more (the chart renderer, the
// downloads' gzip): it ends now, with its message printed, rather than when that work does.
if (process.exitCode === 1) process.exit(1);
