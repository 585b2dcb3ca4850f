// VIP ending under an open chat (decision 040), as a fan lives it: a new member given a
// complimentary VIP by an administrator opens the VIP chat and talks to the persona; the
// administrator, in another browser, removes the comp VIP; the member's chat socket closes
// (4403 vip_ended) and the open page, without a reload, says the VIP ended, links to becoming a
// VIP again and has no composer left to send with. No fixed sleeps: every wait is for a condition.
import type { APIRequestContext, WebSocket } from "@playwright/test";
import { clientAddress, expect, signIn, signUp, test } from "./fixtures";
import { demoAccount } from "./support";
import { hostMs } from "./host-time";

/** wrangler.toml's CHAT_PERSONA_NAME. */
const PERSONA = "Lola Rivera";

async function setComp(request: APIRequestContext, origin: string, userId: string, comp: boolean) {
  const res = await request.put(`/api/admin/users/${userId}/vip`, { headers: { origin }, data: { comp } });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { user: { isVIP: boolean } }).user.isVIP).toBe(comp);
}

test("an admin removes a member's comp VIP: the open chat closes, says why, links to VIP and sends nothing more", async ({ page, browser, baseURL }) => {
  const origin = baseURL!;
  await signUp(page);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: string } };
  let socket: WebSocket | undefined;

  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  try {
    const admin = await context.newPage();
    const account = demoAccount("admin");
    await signIn(admin, account.email, account.password);
    await setComp(admin.request, origin, me.user.id, true);

    // The member opens the chat as a VIP and it works: a question goes out and is answered.
    const chatSocket = page.waitForEvent("websocket", (ws) => new URL(ws.url()).pathname === "/api/chat/live");
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: `Chat with ${PERSONA}` })).toBeVisible();
    socket = await chatSocket;
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Hi Lola!");
    await box.press("Enter");
    const conversation = page.getByRole("log", { name: "Conversation" });
    await expect(conversation).toContainText("Hi Lola!");
    await expect(conversation.locator(".chat-msg-assistant:not(.chat-msg-streaming)")).toHaveCount(1, { timeout: hostMs(10_000) });
    await expect(page.getByText(`${PERSONA} is typing…`)).toBeHidden();
    // A reload would wipe this: the page must change in place.
    await page.evaluate(() => void ((window as unknown as { stayed: boolean }).stayed = true));

    await setComp(admin.request, origin, me.user.id, false);
  } finally {
    await context.close();
  }

  // The server closed the socket, and the page says why, with the way back.
  await expect.poll(() => socket?.isClosed(), { timeout: hostMs(10_000) }).toBe(true);
  const notice = page.getByRole("alert").filter({ hasText: "Your VIP membership has ended, so this chat is closed." });
  await expect(notice).toBeVisible({ timeout: hostMs(10_000) });
  await expect(notice).toHaveText(/Become a VIP member again to keep chatting\./);
  await expect(notice.getByRole("link", { name: "Become a VIP again" })).toHaveAttribute("href", "/vip-signup");
  // The composer is gone: nothing can be typed or sent, and the VIP gate takes the chat's place.
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "VIP Access Required" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The link leads to becoming a VIP again.
  await notice.getByRole("link", { name: "Become a VIP again" }).click();
  await expect(page).toHaveURL(/\/vip-signup$/);
});
