// "Remind me" as a visitor meets it (decision 045), against the seeded demo events: on /events the
// visitor asks for a reminder of an upcoming published show with an address, is told to check the
// inbox, confirms from the link in the local mailbox (/dev/mailbox) and sees the confirmation
// page. Then the test clock (POST /api/dev/reminders/run, local mode only) runs the sending pass as
// if it were a minute past 24 hours before the start, and the mailbox shows the reminder with the
// event's .ics attached. No sleeps: the mailbox is polled.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { newMember } from "./support";

/** scripts/demo-data.json: a published in-person show about two months ahead. */
const SHOW = { id: "00000000-0000-4000-8000-0000000e0002", title: "Miami Freestyle Heat" };
const HOUR_MS = 3600_000;

type MailboxMessage = { to: string; subject: string; links: string[]; attachments: { filename: string; contentType: string; content: string }[] };

const mailTo = async (page: Page, email: string): Promise<MailboxMessage[]> => {
  const res = await page.request.get("/api/dev/mailbox");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages.filter((m) => m.to === email);
};

test("a visitor asks for a reminder, confirms it from the mailbox, and gets it 24 hours before with the .ics", async ({ page, baseURL }) => {
  const email = newMember().email;

  await test.step("on /events the visitor asks for a reminder of an upcoming show", async () => {
    await page.goto("/events");
    await hydrated(page);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: SHOW.title }) });
    await card.getByRole("button", { name: `Remind me of ${SHOW.title}` }).click();
    await card.getByLabel("Your e-mail").fill(email);
    await card.getByRole("button", { name: "Send me a reminder" }).click();
    await expect(card.getByRole("status")).toHaveText("Check your inbox to confirm your reminder.");
  });

  await test.step("the confirmation mail is in /dev/mailbox; its link confirms the reminder", async () => {
    const subject = `Confirm your reminder for ${SHOW.title}`;
    await page.goto("/dev/mailbox");
    await expect(page.getByRole("article").filter({ hasText: email }).getByRole("heading", { name: subject })).toBeVisible();
    let link: string | undefined;
    await expect
      .poll(async () => {
        link = (await mailTo(page, email)).find((m) => m.subject === subject)?.links.find((l) => l.includes("/reminders/confirm?token="));
        return link;
      })
      .toBeTruthy();
    // The link's path on this server (the mail names the site's own address).
    const url = new URL(link!);
    await page.goto(new URL(url.pathname + url.search, baseURL).toString());
    await expect(page.getByText("Your reminder is confirmed. We'll e-mail you before the event starts.")).toBeVisible();
    await expect(page.getByRole("link", { name: "See the event" })).toBeVisible();
  });

  await test.step("the test clock a minute past 24 hours before the start sends the reminder with the .ics", async () => {
    const events = (await (await page.request.get("/api/events")).json()) as { events: { id: string; eventDate: string }[] };
    const show = events.events.find((e) => e.id === SHOW.id);
    expect(show, "the seeded show is published and upcoming").toBeTruthy();
    const now = Date.parse(show!.eventDate) - 24 * HOUR_MS + 60_000;
    // A state-changing request: the CSRF check wants this site's Origin, as the browser sends it.
    const run = await page.request.post("/api/dev/reminders/run", { data: { now }, headers: { origin: new URL(baseURL!).origin } });
    expect(run.status()).toBe(200);

    await expect.poll(async () => (await mailTo(page, email)).filter((m) => m.subject.startsWith(`Reminder: ${SHOW.title} starts`)).length).toBe(1);
    const [reminder] = (await mailTo(page, email)).filter((m) => m.subject.startsWith(`Reminder: ${SHOW.title}`));
    expect(reminder!.attachments.map((a) => [a.filename, a.contentType])).toEqual([["event.ics", "text/calendar; charset=utf-8"]]);
    // Built by the scheduled pass, outside any request: its links lead to this server all the same.
    expect(reminder!.links.length).toBeGreaterThan(0);
    for (const link of reminder!.links.filter((l) => l.startsWith("http"))) expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
    const ics = Buffer.from(reminder!.attachments[0]!.content, "base64").toString("utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("SUMMARY:Miami Freestyle Heat");

    // The page shows it too, with its attachment to download (other journeys' reminders of the
    // same show may be in the mailbox as well: this one is the one to this visitor).
    await page.goto("/dev/mailbox");
    const mail = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: reminder!.subject }) })
      .filter({ hasText: email });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText(email);
    await expect(mail.getByRole("link", { name: "Download event.ics" })).toHaveAttribute("download", "event.ics");

    // A second run at the same time sends nothing more: the offset is claimed once.
    expect((await page.request.post("/api/dev/reminders/run", { data: { now }, headers: { origin: new URL(baseURL!).origin } })).status()).toBe(200);
    expect((await mailTo(page, email)).filter((m) => m.subject.startsWith(`Reminder: ${SHOW.title}`))).toHaveLength(1);
  });
});
