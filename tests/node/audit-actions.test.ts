// Audit action codes: the type check covers writers that go through AuditEntry; this covers the
// raw SQL inserts into audit_log, whose code the compiler cannot see. A literal code there must be
// one of AUDIT_ACTIONS (so the back office has a name for it in both languages).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../worker/contracts/audit-actions";

const WORKER = path.resolve(import.meta.dirname, "../../worker");

const sources = (readdirSync(WORKER, { recursive: true }) as string[]).filter((file) => file.endsWith(".ts"));

/** Every SQL text that inserts into audit_log, up to its closing backquote. */
const auditInserts = (text: string) => text.match(/INSERT INTO audit_log[^`]*`/g) ?? [];

describe("audit action codes", () => {
  it("are unique", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it("raw SQL inserts into audit_log write only listed codes", () => {
    const inserts = sources.flatMap((file) => auditInserts(readFileSync(path.join(WORKER, file), "utf8")).map((sql) => ({ file, sql })));
    expect(inserts.length).toBeGreaterThan(0);
    for (const { file, sql } of inserts) {
      for (const [, code] of sql.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) expect(AUDIT_ACTIONS as readonly string[], `${file}: ${code}`).toContain(code);
    }
  });
});
