import { rmSync } from "node:fs";
import pg from "pg";
import { Product, SEEDED_DATA_DIR_ENV, SEEDED_DATABASE_ENV } from "./product.js";

/**
 * Runs once before the journeys: starts the product once so that it migrates and seeds its demo
 * data, stops it, and keeps that database; every journey's product then starts from a copy of it
 * (a copied folder on PGlite, `CREATE DATABASE … TEMPLATE` on PostgreSQL) instead of seeding
 * again. Each journey still has a database of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const seeder = new Product();
  await seeder.start({});
  const { dataDir, databaseName } = await seeder.stopAndKeep();
  if (databaseName) process.env[SEEDED_DATABASE_ENV] = databaseName;
  else process.env[SEEDED_DATA_DIR_ENV] = dataDir;
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName && process.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.end();
    }
  };
}
