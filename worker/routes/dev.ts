// Local-mode helpers. The mailbox shows what the local mail service "sent", so a person can
// finish a password reset offline; /booked shows what was booked for a buyer's address; the reminders', "Notify me"'s and pre-orders' test clocks run their passes at a given time. Outside local/test mode on a loopback host they do not exist.
import { Hono } from "hono";
import { localMachineOnly } from "../middleware/local-only";
import type { MailboxResponse } from "#contracts/auth.ts";
import { extractLinks, listOutbox } from "../services/mail/outbox";
import type { HonoEnv } from "../types";
import { z } from "#contracts/zod.ts";
import { validate } from "../lib/validate";
import { runReminderPass } from "../services/reminders/pass";
import { runNotifyPass } from "../services/notify-me/pass";
import { BOT_CHECK_ACTIONS, type LocalBotCheckTokenResponse } from "#contracts/bot-check.ts";
import { issueLocalToken } from "../services/bot-check/local";
import { ensureDemoInnerCircle } from "../db/tiers/moves";
import { readBooked } from "../db/dev-booked";
import type { BookedResponse } from "#contracts/dev-booked.ts";
import { issueWinBackTo, readOfferSettings } from "../db/tiers/offers";
import { routeError, unauthorized } from "../lib/errors";

export const devRoutes = new Hono<HonoEnv>()
  .use(localMachineOnly)
  .get("/mailbox", async (c) => {
    const rows = await listOutbox(c.var.db);
    const messages = rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
      links: extractLinks(m.text),
      headers: m.headers ?? {},
      attachments: m.attachments ?? [],
    }));
    return c.json<MailboxResponse>({ messages });
  })
  // What was booked for one buyer's address (decision 153): the purchase journeys compare it with
  // what the page showed before Pay.
  .get("/booked", validate("query", z.object({ email: z.email().max(254) })), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<BookedResponse>(await readBooked(c.var.db, c.req.valid("query").email));
  })
  // The local bot check's widget (decision 090): a token for one form, as Turnstile's would be after its check.
  .get("/bot-check/:action", validate("param", z.object({ action: z.enum(BOT_CHECK_ACTIONS) })), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json<LocalBotCheckTokenResponse>({ token: await issueLocalToken(c.env.SESSION_SECRET ?? "", c.req.valid("param").action) });
  })
  // The e2e test clock: runs the "Remind me" pass as if the time were `now` (epoch ms).
  .post("/reminders/run", validate("json", z.object({ now: z.number().int().min(0) })), async (c) => {
    return c.json(await runReminderPass(c.env, c.var.db, c.req.valid("json").now));
  })
  // The journeys' Inner Circle (decision 098): the local demo seed's tier above VIP, made here when a
  // journey's database does not have it yet (a row the admin would make; never in a migration).
  .post("/tiers/inner-circle", async (c) => {
    await ensureDemoInnerCircle(c.var.db);
    return c.json({ id: "inner-circle" });
  })
  // A win-back offer for the signed-in member alone, by the hourly run's rules (decision 170): the
  // purchase journeys buy through one without turning the site's offers on for everyone.
  .post("/offers/win-back", validate("json", z.object({ percentOff: z.number().int().min(1).max(90) })), async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    const offer = await issueWinBackTo(c.var.db, user.id, await readOfferSettings(c.var.db), c.req.valid("json").percentOff, Date.now());
    if (!offer) throw routeError("win_back_unavailable");
    return c.json({ offer });
  })
  // The same clock for "Notify me": runs its pass as if the time were `now` (epoch ms).
  .post("/notify-me/run", validate("json", z.object({ now: z.number().int().min(0) })), async (c) => {
    return c.json(await runNotifyPass(c.env, c.var.db, c.req.valid("json").now));
  })
  // The same clock for pre-orders (decision 118): runs the five-minute unlock as if the time were
  // `now` (epoch ms), so a journey passes a release time without moving the release itself. Loaded
  // on first use, as the job loads it: the mail code stays out of the Worker's start-up.
  .post("/preorders/run", validate("json", z.object({ now: z.number().int().min(0) })), async (c) => {
    const { unlockDuePreorders } = await import("../services/store/preorder-unlock");
    return c.json({ announced: await unlockDuePreorders(c.env, c.req.valid("json").now) });
  });
