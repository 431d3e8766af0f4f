// create: makes a throwaway database on the local PostgreSQL and prints its URL (exit 1 if none answers).
// drop URL: drops it again. Used by scripts/test.sh and the benchmark.
import pg from 'pg';

const server = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, url] = process.argv.slice(2);

const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch (error) {
  console.error(`no PostgreSQL at ${server.replace(/\/\/[^@]*@/, '//')}: ${error.message}`);
  process.exit(1);
}
try {
  if (command === 'create') {
    const name = `linkhunt_test_${Date.now()}_${process.pid}`;
    await client.query(`create database ${name}`);
    const target = new URL(server);
    target.pathname = `/${name}`;
    console.log(target.toString());
  } else if (command === 'drop' && url) {
    const name = new URL(url).pathname.slice(1);
    if (!/^linkhunt_test_\d+_\d+$/.test(name)) throw new Error(`refusing to drop ${name}`);
    await client.query(`drop database if exists ${name} with (force)`);
  } else {
    throw new Error('usage: test-database.mjs create | drop URL');
  }
} finally {
  await client.end();
}
