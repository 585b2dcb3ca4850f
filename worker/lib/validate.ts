// zod validation with the API's error shape: the first issue's message, 400, never a 500.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { errorBody } from "./errors";

export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      return c.json({ ...errorBody("invalid_input", issue?.message ?? "Invalid input"), ...(field ? { field } : {}) }, 400);
    }
  });
