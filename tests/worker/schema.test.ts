import { env } from "cloudflare:workers";
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

// migrations/*.sql are written by hand; this keeps them and worker/db/schema.ts in step.
const tables = Object.values(schema as Record<string, unknown>).filter(
  (v): v is Table => typeof v === "object" && v !== null && Symbol.for("drizzle:IsDrizzleTable") in v,
);

describe("migrations match the Drizzle schema", () => {
  it.each(tables.map((t) => [getTableName(t), t] as const))("table %s has every column", async (name, table) => {
    const { results } = await env.DB.prepare(`PRAGMA table_info(${JSON.stringify(name)})`).all<{ name: string }>();
    const actual = results.map((r) => r.name).sort();
    const expected = Object.values(getTableColumns(table))
      .map((c) => c.name)
      .sort();
    expect(actual).toEqual(expected);
  });
});
