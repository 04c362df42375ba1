import path from "node:path";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

// Server modules (Prisma) load inside run() so `--help` stays instant.

const usage = `snippet-lab users <subcommand> [options]

Manages accounts directly in the database (DATABASE_URL, default file:./data/snippet-lab.db under the repository):
works on the server whether or not the app is running, and applies pending migrations first. The same rules as
the admin page hold: the last active admin can be neither demoted nor disabled; disabling a user or resetting a
password signs that user out everywhere at once.

  users list [--json]                           every account: email, role, active/disabled, last seen
  users create EMAIL --role ROLE [--name NAME] [--password-stdin]
                                                 new account; prints a generated password unless --password-stdin
  users disable EMAIL                           cannot sign in any more; their sessions end now
  users enable EMAIL
  users set-role EMAIL ROLE                     ROLE: annotator | reviewer | researcher | admin
  users reset-password EMAIL [--password-stdin] prints a new generated password, or reads one line from stdin

Recover admin access (the password is lost, SNIPPET_LAB_ADMIN_PASSWORD only applies before the first start):
  npx snippet-lab users reset-password admin@example.org
A disabled or demoted account comes back with 'users enable EMAIL' / 'users set-role EMAIL admin'.

Exit status: 0 done, 1 refused (unknown email, last admin, email taken), 2 usage error.`;

const SUBCOMMANDS = ["list", "create", "disable", "enable", "set-role", "reset-password"] as const;
type Sub = (typeof SUBCOMMANDS)[number];

const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "-");

/** One line of stdin (a password piped in: `printf %s "$PW" | snippet-lab users reset-password EMAIL --password-stdin`). */
async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  if (!line) throw new AppError("BAD_REQUEST", "--password-stdin: stdin is empty");
  return line;
}

export const command = defineCommand({
  name: "users",
  summary: "list, create, disable/enable, change roles and reset passwords of accounts (admin recovery)",
  usage,
  options: {
    role: { type: "string" },
    name: { type: "string" },
    "password-stdin": { type: "boolean" },
    json: { type: "boolean" },
  },
  positionals: true,
  async run({ values, positionals }) {
    const [sub, ...rest] = positionals;
    if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new AppError("BAD_REQUEST", sub ? `unknown subcommand "${sub}"` : "a subcommand is required");
    }
    const want = (n: number, what: string) => {
      if (rest.length !== n) throw new AppError("BAD_REQUEST", `users ${sub} takes ${what}`);
    };
    const { zRole } = await import("../../lib/schemas/enums");
    const parseRole = (r: string | undefined) => {
      const parsed = zRole.safeParse(r);
      if (!parsed.success) throw new AppError("BAD_REQUEST", `role must be one of ${zRole.options.join(", ")}, got "${r ?? ""}"`);
      return parsed.data;
    };
    switch (sub as Sub) {
      case "list":
        want(0, "no arguments");
        break;
      case "create":
        want(1, "EMAIL");
        parseRole(values.role);
        break;
      case "set-role":
        want(2, "EMAIL ROLE");
        parseRole(rest[1]);
        break;
      default:
        want(1, "EMAIL");
    }

    // Relative DATABASE_URLs mean the repository root, as for `npm start` (scripts/start.mjs changes there too).
    process.chdir(path.resolve(import.meta.dirname, "../.."));
    const { disconnectDb } = await import("../../lib/server/db/client");
    const { migrateDatabase } = await import("../../lib/server/db/migrate");
    try {
      await migrateDatabase({ log: (m) => console.error(`[db] ${m}`) });
      const { updateUser } = await import("../../lib/server/auth/update-user");
      const { findUserIdByEmail } = await import("../../lib/server/db/users/find-user-id-by-email");
      const { resetPassword, generatePassword } = await import("../../lib/server/auth/reset-password");
      const email = rest[0] ?? "";

      switch (sub as Sub) {
        case "list": {
          const { listUsers } = await import("../../lib/server/auth/list-users");
          const users = await listUsers();
          if (values.json) {
            console.log(JSON.stringify(users, null, 2));
            return 0;
          }
          const w = Math.max(5, ...users.map((u) => u.email.length));
          console.log(`${"EMAIL".padEnd(w)}  ${"ROLE".padEnd(10)}  ${"STATUS".padEnd(8)}  LAST SEEN (UTC)   NAME`);
          for (const u of users) {
            console.log(
              `${u.email.padEnd(w)}  ${u.role.padEnd(10)}  ${(u.disabledAt ? "disabled" : "active").padEnd(8)}  ${fmt(u.lastSeenAt).padEnd(16)}  ${u.name}`,
            );
          }
          return 0;
        }
        case "create": {
          const { createUser } = await import("../../lib/server/auth/create-user");
          const password = values["password-stdin"] ? await readStdinLine() : generatePassword();
          const user = await createUser({ email, name: values.name ?? email.split("@")[0] ?? email, password, role: parseRole(values.role) });
          console.log(`Created ${user.email} (${user.role}).`);
          if (!values["password-stdin"]) console.log(`Password (shown once): ${password}`);
          return 0;
        }
        case "disable":
        case "enable": {
          const { user, sessionsEnded } = await updateUser({ userId: await findUserIdByEmail({ email }), disabled: sub === "disable" });
          console.log(sub === "disable" ? `Disabled ${user.email}; ${sessionsEnded} session(s) ended.` : `Enabled ${user.email}.`);
          return 0;
        }
        case "set-role": {
          const { user } = await updateUser({ userId: await findUserIdByEmail({ email }), role: parseRole(rest[1]) });
          console.log(`${user.email} is now ${user.role}${user.disabledAt ? " (still disabled: users enable to let them in)" : ""}.`);
          return 0;
        }
        case "reset-password": {
          const password = values["password-stdin"] ? await readStdinLine() : undefined;
          const result = await resetPassword({ userId: await findUserIdByEmail({ email }), ...(password ? { password } : {}) });
          console.log(`Password of ${result.user.email} reset; ${result.sessionsEnded} session(s) ended.`);
          if (result.generatedPassword) console.log(`New password (shown once): ${result.generatedPassword}`);
          return 0;
        }
      }
    } finally {
      await disconnectDb();
    }
    return 0;
  },
});
