import type { Clock } from "../../clock.js";
import type { Db } from "../kysely.js";
import { insertOrganisationsBulk, insertProgramsBulk } from "./queries.js";

const territories = ["UK_IRE", "US", "CH"] as const;

/**
 * Bulk data for benchmarks: `organisations` organisations sharing `programs` programs round-robin.
 * Inserted in batches so that PGlite and PostgreSQL both take it in seconds.
 */
export const seedAtScale = async (db: Db, clock: Clock, size: { organisations: number; programs: number }) => {
  const now = clock.now();
  const organisationIds: string[] = [];
  for (let start = 0; start < size.organisations; start += 500) {
    const batch = Array.from({ length: Math.min(500, size.organisations - start) }, (_, i) => ({
      name: `Scale Organisation ${String(start + i).padStart(5, "0")}`,
      description: "Generated for benchmarks",
      createdAt: now,
    }));
    organisationIds.push(...(await insertOrganisationsBulk(db, batch)));
  }
  for (let start = 0; start < size.programs; start += 500) {
    const batch = Array.from({ length: Math.min(500, size.programs - start) }, (_, i) => {
      const n = start + i;
      return {
        organisationId: organisationIds[n % organisationIds.length]!,
        name: `Scale Program ${String(n).padStart(6, "0")}`,
        description: "Generated for benchmarks",
        territory: territories[n % 3]!,
        startDate: "2026-01-05",
        endDate: n % 10 === 0 ? "2026-06-30" : null,
        inviteMode: n % 7 === 0 ? ("public" as const) : ("individual" as const),
        endedAt: null,
        createdAt: now,
      };
    });
    await insertProgramsBulk(db, batch);
  }
  return { organisationIds };
};
