// Code pools (presale and perk codes): a code goes to one member only, once, whatever races; the
// CSV import adds each code once and names the rows it cannot use.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createUser, db } from "./helpers";
import { claimOfferCode, countPool, deleteFreeCodes, insertOfferCodes } from "../../worker/db/offer-codes";
import { importOfferCodes, previewOfferCodes } from "../../worker/services/offer-codes";
import { offerCodes } from "../../worker/db/schema/perks";
import { users } from "../../worker/db/schema/accounts";
import type { OfferPool } from "../../worker/contracts/offer-codes";
import { ApiError } from "../../worker/lib/errors";

const pool = (): OfferPool => ({ kind: "presale", id: crypto.randomUUID() });
const codesOf = (n: number, prefix = "PRE") => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(4, "0")}`);

describe("claiming a code", () => {
  it("gives 20 racing members 20 distinct codes, then a clean none_left", async () => {
    const p = pool();
    await insertOfferCodes(db(), p, codesOf(20));
    const members = await Promise.all(Array.from({ length: 21 }, () => createUser("vip")));
    const claims = await Promise.all(members.slice(0, 20).map((m) => claimOfferCode(db(), p, m.id)));
    const codes = claims.map((c) => (c === "none_left" ? c : c.code));
    expect(new Set(codes).size).toBe(20);
    expect(codes).not.toContain("none_left");
    expect(await claimOfferCode(db(), p, members[20]!.id)).toBe("none_left");
    expect(await countPool(db(), p)).toEqual({ total: 20, claimed: 20, left: 0 });
  });

  it("hands out what there is when more members race than there are codes", async () => {
    const p = pool();
    await insertOfferCodes(db(), p, codesOf(8));
    const members = await Promise.all(Array.from({ length: 20 }, () => createUser("vip")));
    const claims = await Promise.all(members.map((m) => claimOfferCode(db(), p, m.id)));
    const got = claims.filter((c) => c !== "none_left").map((c) => c.code);
    expect(got).toHaveLength(8);
    expect(new Set(got).size).toBe(8);
    expect(claims.filter((c) => c === "none_left")).toHaveLength(12);
    const stored = await db().select().from(offerCodes).where(eq(offerCodes.poolId, p.id));
    expect(new Set(stored.map((r) => r.claimedBy)).size).toBe(8);
  });

  it("keeps one member to one code when their own claims race, and gives it again later", async () => {
    const p = pool();
    await insertOfferCodes(db(), p, codesOf(5));
    const member = await createUser("vip");
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimOfferCode(db(), p, member.id)));
    const codes = new Set(claims.map((c) => (c === "none_left" ? c : c.code)));
    expect(codes.size).toBe(1);
    expect(await countPool(db(), p)).toEqual({ total: 5, claimed: 1, left: 4 });
    const again = await claimOfferCode(db(), p, member.id);
    expect(again !== "none_left" && again.code).toBe([...codes][0]);
  });

  it("never hands a deleted member's code to anyone else", async () => {
    const p = pool();
    await insertOfferCodes(db(), p, ["ONLY-ONE"]);
    const first = await createUser("vip");
    const second = await createUser("vip");
    expect(await claimOfferCode(db(), p, first.id)).toMatchObject({ code: "ONLY-ONE" });
    await db().delete(users).where(eq(users.id, first.id));
    expect(await claimOfferCode(db(), p, second.id)).toBe("none_left");
    expect(await countPool(db(), p)).toEqual({ total: 1, claimed: 1, left: 0 });
  });

  it("keeps pools apart: the same code text in two pools is two codes", async () => {
    const a = pool();
    const b: OfferPool = { kind: "perk", id: a.id };
    await insertOfferCodes(db(), a, ["SAME"]);
    await insertOfferCodes(db(), b, ["SAME"]);
    const member = await createUser("vip");
    expect(await claimOfferCode(db(), a, member.id)).toMatchObject({ code: "SAME" });
    expect(await claimOfferCode(db(), b, member.id)).toMatchObject({ code: "SAME" });
    expect(await countPool(db(), a)).toEqual({ total: 1, claimed: 1, left: 0 });
  });

  it("removes only the free codes when an admin clears a pool", async () => {
    const p = pool();
    await insertOfferCodes(db(), p, codesOf(3));
    await claimOfferCode(db(), p, (await createUser("vip")).id);
    expect(await deleteFreeCodes(db(), p)).toBe(2);
    expect(await countPool(db(), p)).toEqual({ total: 1, claimed: 1, left: 0 });
  });
});

describe("importing codes from CSV", () => {
  it("suggests the column named like codes and shows the first rows", () => {
    const preview = previewOfferCodes("Order;Access Code;Tier\r\n1;AB-1;GA\r\n2;AB-2;GA\r\n");
    expect(preview).toEqual({
      columns: ["Order", "Access Code", "Tier"],
      delimiter: ";",
      column: 1,
      rows: [
        ["1", "AB-1", "GA"],
        ["2", "AB-2", "GA"],
      ],
      rowCount: 2,
    });
  });

  it("takes a file of one column", () => {
    expect(previewOfferCodes("code\nX1\nX2\n")).toMatchObject({ columns: ["code"], column: 0, rowCount: 2 });
  });

  it("adds each code once, names bad and repeated rows, and adds nothing on a second run", async () => {
    const p = pool();
    const csv = "code,note\nAAA-1,ok\n,empty\nAAA-1,again\nhas space,bad\nAAA-2,ok\n";
    expect(await importOfferCodes(db(), p, { csv, column: 0, firstRow: 2 })).toEqual({
      rows: 5,
      added: 2,
      alreadyStored: 0,
      invalid: 3,
      issues: [
        { row: 3, code: "invalid_code", value: "" },
        { row: 4, code: "duplicate_in_file", value: "AAA-1" },
        { row: 5, code: "invalid_code", value: "has space" },
      ],
    });
    expect(await importOfferCodes(db(), p, { csv, column: 0, firstRow: 2 })).toMatchObject({ added: 0, alreadyStored: 2 });
    expect(await countPool(db(), p)).toEqual({ total: 2, claimed: 0, left: 2 });
  });

  it("refuses a column the file does not have and a file with no rows", async () => {
    const p = pool();
    await expect(importOfferCodes(db(), p, { csv: "code\nA1\n", column: 3, firstRow: 2 })).rejects.toMatchObject({ status: 400, code: "column_invalid" });
    await expect(importOfferCodes(db(), p, { csv: "code\n", column: 0, firstRow: 2 })).rejects.toBeInstanceOf(ApiError);
    expect(await countPool(db(), p)).toEqual({ total: 0, claimed: 0, left: 0 });
  });

  it("stores a large piece in statements within D1's parameter limit", async () => {
    const p = pool();
    const csv = ["code", ...codesOf(1000, "BIG")].join("\n");
    expect(await importOfferCodes(db(), p, { csv, column: 0, firstRow: 2 })).toMatchObject({ rows: 1000, added: 1000, invalid: 0 });
    expect(await countPool(db(), p)).toEqual({ total: 1000, claimed: 0, left: 1000 });
  });
});
