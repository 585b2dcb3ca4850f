// The pre-order's "It's out" mail (worker/services/mail/store-preorder.ts) says, in each language,
// that the release is out now and on which day it came out, written that language's way.
import { describe, expect, it } from "vitest";
import { preorderOutMail } from "../../worker/services/mail/store-preorder";

const facts = {
  title: "Neon Horizon",
  releasedAt: new Date(Date.UTC(2026, 11, 19, 18)),
  links: [{ format: "mp3", url: "https://fans.example/api/store/downloads/a.b.c" }],
  linkValidDays: 7,
  siteUrl: "https://fans.example",
};

describe("the pre-order's out mail", () => {
  it.each([
    ["en", "Neon Horizon, which you pre-ordered, is out now: it came out on December 19, 2026"],
    ["pt-BR", "Neon Horizon, que você comprou na pré-venda, já saiu: está disponível desde 19 de dezembro de 2026"],
  ] as const)("%s: out now, with its day", (locale, intro) => {
    const mail = preorderOutMail({ to: "fan@example.com", brandName: "Fans", locale, facts });
    expect(mail.text).toContain(intro);
    expect(mail.html).toContain(intro);
    expect(`${mail.text}${mail.html}`).not.toMatch(/out since/);
  });
});
