// zod validation with the API's error shape: the first issue's rule (its code, field and values),
// 400, never a 500.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { validationFailure } from "../contracts/validation-codes";
import { errorBody } from "./errors";

export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const { code, message, ...details } = validationFailure(result.error.issues[0]);
      return c.json(errorBody(code, message, details), 400);
    }
  });
