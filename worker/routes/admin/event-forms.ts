// What the events and venues routes share: the acting admin for audit rows, the form's 400 as zod
// validation answers it (the rule's code, field and values), and D1's constraint failures told apart.
import type { Context } from "hono";
import type { z } from "zod";
import type { HonoEnv } from "../../types";
import type { Actor } from "../../db/audit";
import { validationFailure } from "../../contracts/validation-codes";
import { ApiError, badRequest, unauthorized } from "../../lib/errors";

/** The signed-in admin (the admin tree's gate ran first, so there always is one). */
export function actorOf(c: Context<HonoEnv>): Actor {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return { id: user.id, email: user.email };
}

/** The JSON body, checked by a schema chosen after a lookup (an edit keeps what the row allows). */
export async function parseJsonBody<T extends z.ZodType>(c: Context<HonoEnv>, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { code, message, ...details } = validationFailure(result.error.issues[0]);
  throw new ApiError(400, code, message, details);
}

/** True when D1 refused a write because a foreign key points nowhere, or a row is still pointed at. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/FOREIGN KEY constraint failed/i.test(e.message)) return true;
  return false;
}
