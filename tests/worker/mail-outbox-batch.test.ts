// The local mail service's batches: one D1 batch into mail_outbox, each message written once
// however often the batch is retried, with its headers and attachments; and the dev mailbox
// showing them.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MailboxResponse } from "../../worker/contracts/auth";
import { mailOutbox } from "../../worker/db/schema/mail";
import { MailBatchError } from "../../worker/services/mail/live";
import { createLocalMailService } from "../../worker/services/mail/local";
import { addToOutbox } from "../../worker/services/mail/outbox";
import { MAIL_BATCH_LIMIT, type MailMessage } from "../../worker/services/mail/types";
import { callLocal, db } from "./helpers";

const unique = () => crypto.randomUUID().slice(0, 8);
const ICS = { filename: "event.ics", contentType: "text/calendar; charset=utf-8", content: btoa("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n") };
const UNSUBSCRIBE = { "List-Unsubscribe": "<https://fans.test/api/newsletter/unsubscribe?t=x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };

const rowsTo = (addresses: string[]) => db().select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));

describe("local sendBatch", () => {
  it("writes each message once when the same batch is sent twice, keyed <batch>:<index>", async () => {
    const key = `cmp_${unique()}:0`;
    const to = [`a_${unique()}@example.com`, `b_${unique()}@example.com`, `c_${unique()}@example.com`];
    const msgs: MailMessage[] = to.map((address, i) => ({
      to: address,
      subject: `News ${i}`,
      text: "Hello",
      headers: UNSUBSCRIBE,
      ...(i === 1 ? { attachments: [ICS] } : {}),
    }));
    const mail = createLocalMailService(db());
    expect(await mail.sendBatch(msgs, key)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(await mail.sendBatch(msgs, key)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);

    const rows = await rowsTo(to);
    expect(rows).toHaveLength(3);
    const byTo = new Map(rows.map((r) => [r.to, r]));
    expect(to.map((a) => byTo.get(a)!.idempotencyKey)).toEqual([`${key}:0`, `${key}:1`, `${key}:2`]);
    expect(byTo.get(to[0]!)!.headers).toEqual(UNSUBSCRIBE);
    expect(byTo.get(to[0]!)!.attachments).toBeNull();
    expect(byTo.get(to[1]!)!.attachments).toEqual([ICS]);
  });

  it("uses a message's own idempotencyKey when it has one, so a re-split batch still writes once", async () => {
    const campaign = `cmp_${unique()}`;
    const a = `a_${unique()}@example.com`;
    const b = `b_${unique()}@example.com`;
    const msg = (to: string, contact: string): MailMessage => ({ to, subject: "s", text: "t", idempotencyKey: `${campaign}:${contact}` });
    const mail = createLocalMailService(db());
    await mail.sendBatch([msg(a, "c1"), msg(b, "c2")], `${campaign}:batch-1`);
    // A retry that batches the recipients differently.
    await mail.sendBatch([msg(b, "c2")], `${campaign}:batch-2`);
    const rows = await rowsTo([a, b]);
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual([`${campaign}:c1`, `${campaign}:c2`]);
  });

  it(`refuses more than ${MAIL_BATCH_LIMIT} messages and writes nothing`, async () => {
    const to = `many_${unique()}@example.com`;
    const many = Array.from({ length: MAIL_BATCH_LIMIT + 1 }, (): MailMessage => ({ to, subject: "s", text: "t" }));
    await expect(createLocalMailService(db()).sendBatch(many, `k_${unique()}`)).rejects.toThrow(MailBatchError);
    expect(await rowsTo([to])).toHaveLength(0);
  });

  it("an empty batch writes nothing", async () => {
    expect(await createLocalMailService(db()).sendBatch([], `k_${unique()}`)).toEqual([]);
  });
});

describe("local send", () => {
  it("stores headers and attachments, and a message with a key only once", async () => {
    const to = `single_${unique()}@example.com`;
    const mail = createLocalMailService(db());
    const msg: MailMessage = { to, subject: "Reminder", text: "Soon", headers: UNSUBSCRIBE, attachments: [ICS], idempotencyKey: `rem_${unique()}` };
    await mail.send(msg);
    await mail.send(msg);
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ headers: UNSUBSCRIBE, attachments: [ICS], idempotencyKey: msg.idempotencyKey });
    // Without a key every send is its own message, as before.
    await addToOutbox(db(), { to, subject: "Again", text: "x" });
    await addToOutbox(db(), { to, subject: "Again", text: "x" });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).toHaveLength(3);
  });
});

describe("GET /api/dev/mailbox", () => {
  it("shows each message's headers and attachments (base64)", async () => {
    const to = `dev_${unique()}@example.com`;
    await addToOutbox(db(), { to, subject: "With extras", text: "t", headers: UNSUBSCRIBE, attachments: [ICS] }, Date.now() + 120_000);
    await addToOutbox(db(), { to, subject: "Plain", text: "t" }, Date.now() + 110_000);
    const res = await callLocal("/api/dev/mailbox");
    expect(res.status).toBe(200);
    const mine = (await res.json<MailboxResponse>()).messages.filter((m) => m.to === to);
    expect(mine.map((m) => [m.subject, m.headers, m.attachments])).toEqual([
      ["With extras", UNSUBSCRIBE, [ICS]],
      ["Plain", {}, []],
    ]);
  });
});
