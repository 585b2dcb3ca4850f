// Every kind's push and e-mail title and body, in both languages, for a set of inputs that takes
// each branch (plural likes, a gift of VIP or of a tier, with and without an end date, a reason or
// only its code, a Portuguese title, money): compared with fixtures/notification-push-texts.json,
// so a changed word shows as a diff. A kind added since is only checked to be worded in both
// languages (no fixture to edit for a new kind); UPDATE_PUSH_TEXTS=1 rewrites the fixture (then
// `npx oxfmt` it).
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "../../worker/contracts/notification-kinds";
import type { NotificationParams } from "../../worker/contracts/notifications";
import { notificationText, type NotificationTextInput } from "../../worker/services/notifications/texts";

const FIXTURE = new URL("./fixtures/notification-push-texts.json", import.meta.url);

type Case = Omit<NotificationTextInput, "kind" | "brandName"> & {
  name: string;
};

const params = (name: string, actor: string | null, actorCount: number, p: NotificationParams): Case => ({ name, actor, actorCount, params: p });

/** Inputs each kind is rendered with: together they take every branch of every kind. */
const CASES: Case[] = [
  params("bare", null, 1, {}),
  params("one actor", "ana", 1, {
    excerpt: "Great show",
    title: "Night Drive",
    titlePtBr: "Noite na Estrada",
    at: "2026-12-24T18:00:00Z",
  }),
  params("two likes", "ana", 2, {}),
  params("five likes", "ana", 5, {}),
  params("gift of VIP", "bo", 1, { gift: true, at: "2027-03-01T00:00:00Z" }),
  params("gift of VIP, no end", "bo", 1, { gift: true }),
  params("gift of a tier", "bo", 1, {
    gift: true,
    tierEn: "Gold",
    tierPtBR: "Ouro",
    at: "2027-03-01T00:00:00Z",
  }),
  params("gift of a tier, no end", "bo", 1, {
    gift: true,
    tierEn: "Gold",
    tierPtBR: "Ouro",
  }),
  params("reason", null, 1, { reason: "Off topic" }),
  params("reason code", null, 1, { reasonCode: "harassment" }),
  params("unknown reason code", null, 1, { reasonCode: "nonsense" }),
  params("offer", null, 1, {
    title: "Gold",
    percent: 20,
    at: "2026-12-31T23:00:00Z",
  }),
  params("win-back offer", null, 1, {
    title: "Gold",
    titlePtBr: "Ouro",
    percent: 35,
    winBack: true,
    at: "2026-12-31T23:00:00Z",
  }),
  params("trial", null, 1, {
    title: "Gold",
    at: "2026-12-10T12:00:00Z",
    cents: 2499,
    currency: "USD",
  }),
  params("trial in euros", null, 1, {
    title: "Gold",
    at: "2026-12-10T12:00:00Z",
    cents: 1000,
    currency: "EUR",
  }),
];

const render = () =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        CASES.map(({ name, ...input }) => [
          name,
          {
            en: notificationText("en", {
              ...input,
              kind,
              brandName: "Fan Site",
            }),
            "pt-BR": notificationText("pt-BR", {
              ...input,
              kind,
              brandName: "Fan Site",
            }),
          },
        ]),
      ),
    ]),
  );

describe("push and e-mail texts", () => {
  it("say for every kind, in both languages, what the fixture says", () => {
    const rendered = render();
    if (process.env.UPDATE_PUSH_TEXTS) writeFileSync(FIXTURE, JSON.stringify(rendered));
    const fixture = JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, unknown>;
    expect(Object.keys(fixture).length).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.keys(fixture).map((kind) => [kind, rendered[kind]]))).toEqual(fixture);
  });

  it("give every kind a title in both languages", () => {
    for (const kind of NOTIFICATION_KINDS)
      for (const locale of ["en", "pt-BR"] as const)
        expect(
          notificationText(locale, {
            kind,
            actor: "ana",
            actorCount: 1,
            params: {},
            brandName: "Fan Site",
          }).title,
          `${kind} ${locale}`,
        ).not.toBe("");
  });
});
