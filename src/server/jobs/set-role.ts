import { ROLES, type Role } from '#core/profile/schemas';
import { boot, exitWith } from '#server/boot';
import { setRole } from '#server/modules/community';

const USAGE = 'usage: npm run users:role -- <email> moderator|member';

/**
 * `npm run users:role -- <email> moderator|member`: gives or takes the moderator role on the database the
 * configuration names, while the server runs (PostgreSQL) or is stopped (PGlite, whose data folder belongs to one
 * process). Running servers drop the account's cached profile at once (ADR 019). Prints
 * `{ "email", "role", "changed" }` on standard output; log lines go to standard error.
 */
async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !ROLES.includes(role as Role)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const { database, close } = await boot({ logLevel: (env) => (env.logLevel === 'info' ? 'warn' : env.logLevel), logTo: 'stderr' });
  try {
    const result = await setRole(database.db, email, role as Role);
    if (!result) {
      process.stderr.write(`No account has the email address ${email}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => exitWith('users:role failed', e),
);
