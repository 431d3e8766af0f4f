/** The per-file test databases of a run are named after the database TEST_DATABASE_URL names. */
export function testDatabasePrefix(url: string): string {
  return `${new URL(url).pathname.slice(1)}_f_`;
}
