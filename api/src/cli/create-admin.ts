import { loadConfig } from '../config.js';
import { readFlags } from './command-line.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { CreateAdminError, createAdmin } from '../features/admin/create-admin.js';
import { markVerified } from '../features/auth/verification.js';

const usage = `Usage: node dist/cli/create-admin.js --email <email> [--username <name> --password <password>]

Promotes the account with this email to admin, or creates an admin account when there is none
(then --username and --password are needed; ADMIN_PASSWORD may stand in for --password, which keeps
it out of the process list). Either way the address counts as verified. The database is DATABASE_URL's,
as for the server.`;

async function main(): Promise<number> {
  const values = readFlags({ email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } }, usage);
  if (typeof values === 'number') return values;
  if (!values.email) {
    console.error(usage);
    return 2;
  }

  const { db } = connectDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db);
    const result = await createAdmin(db, { email: values.email, username: values.username, password: values.password ?? process.env.ADMIN_PASSWORD });
    // The operator vouches for the address: an admin is never held to the limits of an unverified account.
    await markVerified(db, result.id);
    console.log(result.created ? `Created admin ${result.username} (id ${result.id}).` : `${result.username} (id ${result.id}) is now an admin.`);
    return 0;
  } catch (error) {
    if (error instanceof CreateAdminError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
