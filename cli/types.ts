/** A CLI command as run-cli.ts dispatches it; built with defineCommand (define-command.ts). */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** The exit code; usage errors and refusals are thrown (run-cli.ts reports them: command-failure.ts). */
  run(argv: string[]): Promise<number>;
}
