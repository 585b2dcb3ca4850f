// The contracts' table of form rules: the API finds a rule's code by its text, so no two codes may
// share a text, and a failure names its code, field and values the way a client reads them.
import { describe, expect, it } from "vitest";
import { VALIDATION_RULES, validationFailure } from "../../worker/contracts/validation-codes";

describe("the table of validation codes", () => {
  it("gives every text one code", () => {
    const texts = Object.values(VALIDATION_RULES).map((rule) => rule.message);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("answers a rule's code, field and values, and invalid_input for a text without a code", () => {
    expect(validationFailure({ message: VALIDATION_RULES.bio_too_long.message, path: ["bio"] })).toEqual({
      code: "bio_too_long",
      message: "Bio must be at most 500 characters",
      field: "bio",
      params: { max: 500 },
    });
    expect(validationFailure({ message: "Invalid input: expected string, received number", path: ["venues", 0, "name"] })).toEqual({
      code: "invalid_input",
      message: "Invalid input: expected string, received number",
      field: "venues.0.name",
    });
    expect(validationFailure({ message: "Unrecognized key", path: [] })).toEqual({ code: "invalid_input", message: "Unrecognized key" });
  });
});
