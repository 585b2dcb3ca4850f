// The back office's failed background jobs (administrators only: the /api/admin gate), decision 049:
//   GET  /api/admin/dead-letters?status=open|retried|dismissed   the list (newest first) and the open count
//   POST /api/admin/dead-letters/:id/retry                       back to the queue it failed on
//   POST /api/admin/dead-letters/:id/dismiss                     put aside
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { isRefused } from "../../lib/outcome";
import { actorOf } from "../../middleware/guards";
import { listDeadLetters, markDeadLetter, reopenDeadLetter } from "../../db/dead-letters";
import { recordAudit } from "../../db/audit";
import { deadLetterView, requeue } from "../../services/dead-letters";
import { DEAD_LETTER_CODES, deadLetterIdSchema, deadLetterListQuerySchema, type DeadLetterListResponse, type DeadLetterView } from "#contracts/dead-letters.ts";

const refusedAnswer = (reason: "not_found" | "already_handled") =>
  reason === "not_found" ? routeError(DEAD_LETTER_CODES.notFound) : routeError(DEAD_LETTER_CODES.alreadyHandled);

export const deadLetterRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", deadLetterListQuerySchema), async (c) => {
    const { items, open } = await listDeadLetters(c.var.db, c.req.valid("query").status);
    return c.json<DeadLetterListResponse>({ items: items.map(deadLetterView), open });
  })
  .post("/:id/retry", validate("param", deadLetterIdSchema), async (c) => {
    const actor = actorOf(c);
    const marked = await markDeadLetter(c.var.db, c.req.valid("param").id, "retried", actor.id);
    if (isRefused(marked)) throw refusedAnswer(marked.refused);
    try {
      await requeue(c.env, marked);
    } catch (err) {
      await reopenDeadLetter(c.var.db, marked.id);
      throw err;
    }
    await recordAudit(c.var.db, {
      actor,
      action: "dead_letter.retry",
      targetType: "dead_letter",
      targetId: marked.id,
      summary: { after: { queue: marked.queue, attempts: marked.attempts } },
    });
    return c.json<DeadLetterView>(deadLetterView(marked));
  })
  .post("/:id/dismiss", validate("param", deadLetterIdSchema), async (c) => {
    const actor = actorOf(c);
    const marked = await markDeadLetter(c.var.db, c.req.valid("param").id, "dismissed", actor.id);
    if (isRefused(marked)) throw refusedAnswer(marked.refused);
    await recordAudit(c.var.db, {
      actor,
      action: "dead_letter.dismiss",
      targetType: "dead_letter",
      targetId: marked.id,
      summary: { after: { queue: marked.queue } },
    });
    return c.json<DeadLetterView>(deadLetterView(marked));
  });
