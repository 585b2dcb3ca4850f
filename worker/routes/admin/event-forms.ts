// What the events and venues routes share: the acting admin for audit rows, the form's 400 in the
// shape zod validation answers with ({ error, field }), and D1's constraint failures told apart.
import type { Context } from "hono";
import type { z } from "zod";
import type { HonoEnv } from "../../types";
import type { Actor } from "../../db/audit";
import { ApiError, badRequest, errorBody, unauthorized } from "../../lib/errors";

/** The signed-in admin (the admin tree's gate ran first, so there always is one). */
export function actorOf(c: Context<HonoEnv>): Actor {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return { id: user.id, email: user.email };
}

/** A 400 naming the form field at fault. */
export class FormFieldError extends ApiError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(400, "invalid_input", message);
  }
}

/** These routes answer their own FormFieldErrors (the app's handler knows no `field`). */
export function formErrors(err: Error, c: Context<HonoEnv>) {
  if (err instanceof FormFieldError) return c.json({ ...errorBody(err.code, err.message), ...(err.field ? { field: err.field } : {}) }, 400);
  throw err;
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
  const issue = result.error.issues[0];
  throw new FormFieldError(issue?.path.join(".") ?? "", issue?.message ?? "Invalid input");
}

/** True when D1 refused a write because a foreign key points nowhere, or a row is still pointed at. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/FOREIGN KEY constraint failed/i.test(e.message)) return true;
  return false;
}
