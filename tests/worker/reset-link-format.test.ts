// The reset page (app/features/auth/resetToken.ts) calls a link invalid without asking the server
// when its token has a shape the Worker never issues. This keeps the two in step: every token the
// Worker mails must have that shape, or the page would turn good links away.
import { describe, expect, it } from "vitest";
import { RESET_TOKEN_PATTERN } from "../../app/features/auth/resetToken";
import type { MailboxResponse } from "../../worker/contracts/auth";
import { call, callLocal, createUser } from "./helpers";

describe("password reset link tokens", () => {
  it("have the shape the reset page accepts without asking the server", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await createUser("user");
      const res = await call("/api/auth/reset/request", { json: { email: user.email }, headers: { "cf-connecting-ip": `10.99.7.${i + 1}` } });
      expect(res.status).toBe(200);
      const mailbox = await (await callLocal("/api/dev/mailbox")).json<MailboxResponse>();
      const mail = mailbox.messages.find((m) => m.to === user.email);
      expect(mail).toBeDefined();
      tokens.push(new URL(mail!.links[0]!).searchParams.get("token") ?? "");
    }
    for (const token of tokens) expect(token).toMatch(RESET_TOKEN_PATTERN);
    expect(new Set(tokens).size).toBe(3);
  });
});
