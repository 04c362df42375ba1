import { ignoreClosedStdout } from "./ignore-closed-stdout";
import { runCli } from "./run-cli";

// The entry point bin/snippet-lab.mjs runs (dispatch, help and error reporting: run-cli.ts).
ignoreClosedStdout(process.stdout);
process.exitCode = await runCli(process.argv.slice(2));
