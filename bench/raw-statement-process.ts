import pg from "pg";

/**
 * A database client in a process of its own, for the raw statements the bench compares the API
 * with: it runs each statement it is sent and answers how long it took. Run in the bench's own
 * process, the raw statement's megabyte per call added to the full collections there (111 in the
 * report's figures at 1,000 patients, 65 without it), whose incremental marking fell mostly on
 * the server's requests, the ones allocating many objects. A server does not share its process
 * with another client of its database.
 */
const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
// As the server's own connections are set (openDatabase).
await client.query("SET jit = off");

interface Run {
  id: number;
  text: string;
  values: unknown[];
}

process.on("message", async ({ id, text, values }: Run) => {
  const start = performance.now();
  try {
    await client.query({ text, values });
    process.send!({ id, ms: performance.now() - start });
  } catch (error) {
    process.send!({ id, error: (error as Error).message });
  }
});
process.on("disconnect", () => {
  void client.end().finally(() => process.exit(0));
});
process.send!({ ready: true });
