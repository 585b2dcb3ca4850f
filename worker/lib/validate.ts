// zod validation with the API's error shape: the first issue's rule (its code, field and values),
// 400, never a 500.
import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z, ZodType } from "zod";
import { validationFailure } from "#contracts/validation-codes.ts";
import { badRequest, errorBody, validationError } from "./errors";

export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const { code, message, ...details } = validationFailure(result.error.issues[0]);
      return c.json(errorBody(code, message, details), 400);
    }
  });

/** The JSON body, checked by a schema chosen after a lookup (an edit keeps what the row allows). */
export async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  return checkBody(schema, body);
}

/** The JSON body, or {} when there is none (a member's one tap may send nothing). */
export async function readOptionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
}

/** A parsed body checked like every form: the first zod issue → 400 with its code and field. */
export function checkBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw validationError(result.error.issues[0]);
}
