// The VIP chat, as a fan uses it: a VIP opens the chat, asks about the next show and watches the
// persona's answer (offline responder: no AI key here) come in with the next event's name; copies
// the conversation and gets the spec's transcript; asks about an album in Portuguese and gets a
// Portuguese answer typed out at a human pace; clears it after confirming, and it stays
// cleared. A member sees the VIP gate and no chat socket is ever opened for them.
import type { Page } from "@playwright/test";
import { expect, signUpVip, test } from "./fixtures";
import { hostMs } from "./host-time";

/** wrangler.toml's CHAT_PERSONA_NAME. */
const PERSONA = "Lola Rivera";
/** Not one of the empty chat's suggested questions, so it is only on the page as a message. */
const QUESTION = "Where and when is your next show?";

const conversation = (page: Page) => page.getByRole("log", { name: "Conversation" });

/** The title of the next published event, as the site lists it (soonest first). */
async function nextEventTitle(page: Page): Promise<string> {
  const res = await page.request.get("/api/events");
  expect(res.status()).toBe(200);
  const { events } = (await res.json()) as { events: { title: string; availability: string }[] };
  const next = events.find((event) => event.availability === "available");
  expect(next, "the demo data has an upcoming event").toBeTruthy();
  return next!.title;
}

test("a VIP asks about the next show, sees the answer arrive, copies the chat and clears it", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // A VIP of this journey's own: clearing the chat clears the member's whole history.
  await signUpVip(page, browser);
  const eventTitle = await nextEventTitle(page);
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: `Chat with ${PERSONA}` })).toBeVisible();
  await expect(page.getByText("Offline mode")).toBeVisible();

  // A thread of its own, whatever this member said before.
  await page.getByRole("button", { name: "New Chat" }).click();
  await expect(page.getByText("Start the conversation")).toBeVisible();

  const box = page.getByRole("textbox", { name: "Message" });
  await expect(box).toHaveAttribute("placeholder", "Type your message...");
  await box.fill(QUESTION);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(conversation(page)).toContainText(QUESTION);
  const answer = conversation(page).locator(".chat-msg-assistant:not(.chat-msg-streaming) .chat-msg-text").last();
  await expect(answer).toContainText(eventTitle, { timeout: hostMs(10_000) });
  await expect(page.getByText(`${PERSONA} is typing…`)).toBeHidden();
  // The box has the focus back, ready for the next question.
  await expect(box).toBeFocused();

  await page.getByRole("button", { name: "Copy Chat" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const entries = copied.split("\n\n");
  expect(entries).toHaveLength(2);
  expect(entries[0]).toMatch(new RegExp(`^\\[\\d{1,2}:\\d{2}\\s?[AP]M\\] You: ${QUESTION.replace("?", "\\?")}$`));
  expect(entries[1]).toMatch(new RegExp(`^\\[\\d{1,2}:\\d{2}\\s?[AP]M\\] ${PERSONA}: `));
  expect(entries[1]).toContain(eventTitle);

  // Asked in Portuguese on the English site, the persona answers in Portuguese with the album's
  // facts, typed out a few words at a time (the streaming reply is on screen before it is done).
  await box.fill("Me fala do álbum Satin & Neon");
  await box.press("Enter");
  await expect(conversation(page).locator(".chat-msg-assistant.chat-msg-streaming")).toBeVisible();
  const albumAnswer = conversation(page).locator(".chat-msg-assistant:not(.chat-msg-streaming) .chat-msg-text").last();
  await expect(albumAnswer).toContainText("Tem 9 faixas", { timeout: hostMs(10_000) });
  await expect(albumAnswer).toContainText("1989");
  await expect(albumAnswer).toContainText("Pulse of the Promenade");

  // Clear Chat asks first; Cancel keeps everything.
  await page.getByRole("button", { name: "Clear Chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear Chat History" });
  await expect(dialog).toContainText("Are you sure you want to clear your chat history? This action cannot be undone.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(conversation(page)).toContainText(QUESTION);

  await page.getByRole("button", { name: "Clear Chat" }).click();
  await page.getByRole("dialog", { name: "Clear Chat History" }).getByRole("button", { name: "Clear History" }).click();
  await expect(page.getByText("Start the conversation")).toBeVisible();
  await expect(conversation(page)).not.toContainText(QUESTION);
  await expect(conversation(page).locator(".chat-msg")).toHaveCount(0);

  // Cleared on the server, not just on the page.
  await page.reload();
  await expect(page.getByRole("heading", { name: `Chat with ${PERSONA}` })).toBeVisible();
  await expect(page.getByText("Start the conversation")).toBeVisible();
  await expect(conversation(page).locator(".chat-msg")).toHaveCount(0);
});

test("a member sees the VIP gate, and no chat socket is opened", async ({ page, loginAs }) => {
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(new URL(ws.url()).pathname));
  await loginAs("fan", "/chat");
  await expect(page.getByRole("heading", { name: "VIP Access Required" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  expect(sockets.filter((path) => path.startsWith("/api/chat"))).toEqual([]);
});
