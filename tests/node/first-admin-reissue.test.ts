// `npm run admin:create -- --reissue`: the statements it runs through wrangler, here against a
// database made by the migrations. A new link goes only to the administrator the command made, by
// that address, while no administrator has chosen a password; anything else changes nothing.
// (tests/worker/site-setup.test.ts opens a reissued link through the Worker.)
import type { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { FIRST_ADMIN_LINK_TTL_MS, firstAdminStatements, reissueInput, reissueStatements } from "../../scripts/lib/first-admin.mjs";
import { migratedDb } from "./migrated-db";

const NOW = Date.UTC(2026, 10, 28, 12);
const OWNER = "owner@example.com";

let db: DatabaseSync;

/** Runs the statements as `wrangler d1 execute --file` does and returns the last one's answer. */
function run(statements: string[]): Record<string, unknown> | undefined {
  for (const sql of statements.slice(0, -1)) db.exec(sql);
  return db.prepare(statements.at(-1)!).get();
}

const reissue = (email: string, tokenHash: string, now = NOW) => run(reissueStatements({ ...reissueInput({ email }), tokenHash, now }))?.issued;

const links = () => db.prepare("SELECT token_hash, used_at, expires_at FROM password_resets ORDER BY created_at, token_hash").all();

beforeEach(() => {
  db = migratedDb();
  const made = run(firstAdminStatements({ userId: "u-owner", adminId: "a-owner", email: OWNER, username: "owner", tokenHash: "first", now: NOW }));
  expect(made?.created).toBe(1);
});

describe("admin:create --reissue", () => {
  it("gives the owner whose first link expired unused a new one, a day long, and retires the old", () => {
    const later = NOW + FIRST_ADMIN_LINK_TTL_MS + 1;
    expect(reissue("Owner@Example.com", "second", later)).toBe(1);
    expect(links()).toEqual([
      { token_hash: "first", used_at: later, expires_at: NOW + FIRST_ADMIN_LINK_TTL_MS },
      { token_hash: "second", used_at: null, expires_at: later + FIRST_ADMIN_LINK_TTL_MS },
    ]);
    // Again: only the newest link is open.
    expect(reissue(OWNER, "third", later + 1)).toBe(1);
    expect(links().filter((l) => l.used_at === null)).toEqual([{ token_hash: "third", used_at: null, expires_at: later + 1 + FIRST_ADMIN_LINK_TTL_MS }]);
  });

  it("issues nothing for another address, a member who is not an administrator, or an unknown one", () => {
    db.exec("INSERT INTO users (id, email, username, password_hash) VALUES ('u-fan', 'fan@example.com', 'fan', 'unset')");
    const before = links();
    for (const email of ["fan@example.com", "nobody@example.com"]) expect(reissue(email, `for-${email}`), email).toBe(0);
    expect(links()).toEqual(before);
  });

  it("issues nothing once the owner has chosen a password, or any administrator has one", () => {
    db.exec("INSERT INTO users (id, email, username, password_hash) VALUES ('u-second', 'second@example.com', 'second', 'pbkdf2$set')");
    db.exec("INSERT INTO admins (id, user_id) VALUES ('a-second', 'u-second')");
    const open = links();
    expect(reissue(OWNER, "while-another-admin-can-sign-in")).toBe(0);
    expect(links()).toEqual(open);

    db.exec("DELETE FROM admins WHERE id = 'a-second'");
    db.exec("UPDATE users SET is_admin = 1 WHERE id = 'u-second'");
    expect(reissue(OWNER, "while-a-flagged-admin-can-sign-in")).toBe(0);
    db.exec("UPDATE users SET is_admin = 0 WHERE id = 'u-second'");

    db.exec("UPDATE users SET password_hash = 'pbkdf2$chosen' WHERE id = 'u-owner'");
    expect(reissue(OWNER, "after-the-password")).toBe(0);
    expect(links()).toEqual(open);
  });

  it("issues nothing to a banned owner", () => {
    db.exec("UPDATE users SET status = 'banned' WHERE id = 'u-owner'");
    expect(reissue(OWNER, "banned")).toBe(0);
    expect(links().map((l) => l.token_hash)).toEqual(["first"]);
  });

  it("checks the address before anything runs", () => {
    expect(reissueInput({ email: " Owner@Example.com " })).toEqual({ email: OWNER });
    for (const email of [undefined, "", "not-an-address"]) expect(() => reissueInput({ email }), String(email)).toThrow("--email");
  });
});
