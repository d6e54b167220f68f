import { createQueryCommand } from "../build/serve/query-command.ts";

await createQueryCommand().parseAsync();
