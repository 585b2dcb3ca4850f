// The VIP chat page (/chat) against a fake API and a fake WebSocket the tests play the server
// with: the VIP gate for visitors and members (who never open a socket); for a VIP the thread
// from the history frame, sending (optimistic message, typing indicator, streamed reply), the
// keyboard, Copy Chat, New Chat, Clear Chat and its dialog, the error banner in both languages,
// the offline mode, the reconnect and the end of the session. The pure parts (frame parsing, the
// reducer, the transcript, the error texts) are tested on their own below.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createIntl } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatErrorText, formatChatTranscript, waitOf } from "../../app/features/chat/copy";
import enChat from "../../app/features/chat/messages?english";
import ptChat from "../../app/features/chat/messages.pt-BR.json";
import { chatSocketUrl, MAX_SERVER_FRAME_CHARS, parseChatServerFrame } from "../../app/features/chat/protocol";
import { isNearBottom } from "../../app/features/chat/scroll";
import { canSend, chatReducer, initialChatState, type ChatState } from "../../app/features/chat/state";
import { HISTORY_TIMEOUT_MS } from "../../app/features/chat/useChatSocket";
import type { Locale } from "../../app/i18n/locale";
import { Route as ChatRoute } from "../../app/routes/chat";
import type { ChatMessage, ChatServerFrame } from "../../worker/contracts/chat";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";

// ---------- Data ----------

const PERSONA = "Lia";
const THREAD = "thread-1";
/** Local times, so the expected "3:04 PM" does not depend on the machine's time zone. */
const AT_15_04 = new Date(2025, 0, 15, 15, 4).getTime();
const AT_15_05 = new Date(2025, 0, 15, 15, 5).getTime();

const message = (id: string, role: ChatMessage["role"], content: string, createdAt = AT_15_04): ChatMessage => ({
  id,
  threadId: THREAD,
  role,
  content,
  createdAt,
});

const history = (messages: ChatMessage[] = [], overrides: Partial<Extract<ChatServerFrame, { type: "history" }>> = {}): ChatServerFrame => ({
  type: "history",
  threadId: THREAD,
  messages,
  persona: PERSONA,
  offline: false,
  ...overrides,
});

const THREAD_MESSAGES = [message("m1", "user", "When is the next show?", AT_15_04), message("m2", "assistant", "Line one\nLine two", AT_15_05)];

const VIP = sessionUser({ isVIP: true });

// ---------- Fakes ----------

/** The browser's WebSocket as the hook uses it; the tests act as the server through it. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static readonly instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }
  /** The client frames sent so far, parsed (pings left out). */
  frames(): unknown[] {
    return this.sent.filter((data) => data !== "ping").map((data) => JSON.parse(data));
  }
  serverOpen() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event("open"));
    });
  }
  serverSend(frame: ChatServerFrame | string) {
    act(() => {
      this.onmessage?.(new MessageEvent("message", { data: typeof frame === "string" ? frame : JSON.stringify(frame) }));
    });
  }
  serverClose(code: number) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.({ code, reason: "", wasClean: code === 1000 } as CloseEvent);
    });
  }
}

/** navigator.clipboard with the given writeText (restored by vi.restoreAllMocks). */
const stubClipboard = (writeText: (text: string) => Promise<void>) =>
  vi.spyOn(navigator, "clipboard", "get").mockReturnValue({ writeText } as unknown as Clipboard);

const lastSocket = () => {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error("no socket opened");
  return socket;
};

// ---------- Rendering ----------

const root = createTestRoot();
const tree = root.addChildren([mountFileRoute(ChatRoute, "/chat", root), stubRoute(root, "/vip-signup"), stubRoute(root, "/social/login")]);

/** Fake timeouts and intervals only: promises and Date stay real. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });

/**
 * /chat for a VIP, connected and given `frame` as its history. With `timers` the page's timers
 * are fake from before the connection opens (the ping and history timers start there).
 */
async function openChat({ frame = history(THREAD_MESSAGES), locale = "en" as Locale, timers = false } = {}) {
  mockApi({ "GET /api/auth/me": json(200, { user: VIP }) });
  const view = renderApp(tree, "/chat", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  if (timers) fakeTimers();
  const socket = lastSocket();
  socket.serverOpen();
  socket.serverSend(frame);
  return { ...view, socket };
}

const input = () => screen.getByRole("textbox", { name: /^(Message|Mensagem)$/ }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: /^(Send|Enviar)$/ }) as HTMLButtonElement;
const log = () => screen.getByRole("log");
const bubbles = () => Array.from(log().querySelectorAll<HTMLElement>(".chat-msg-text")).map((el) => el.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
/** Every kind of space as a plain one: some ICU versions put U+202F before "PM". */
const spaces = (text: string) => text.replace(/\s/g, (c) => (c === "\n" ? c : " "));

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// ---------- The gate ----------

describe("/chat for visitors and members", () => {
  it.each([
    ["a visitor", null],
    ["a member without VIP", sessionUser()],
  ])("shows %s the VIP gate and opens no socket", async (_who, me) => {
    mockApi({ "GET /api/auth/me": json(200, { user: me }) });
    renderApp(tree, "/chat");
    const gate = await screen.findByRole("region", { name: "VIP Access Required" });
    expect(within(gate).getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.getByRole("heading", { level: 1, name: "VIP Chat" })).toBeTruthy();
    expect(screen.queryByRole("log")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("lets an administrator without VIP in", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: sessionUser({ isAdmin: true }) }) });
    renderApp(tree, "/chat");
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "VIP Access Required" })).toBeNull();
  });
});

// ---------- The conversation ----------

describe("/chat for a VIP", () => {
  it("connects to /api/chat/live and shows the thread under 'Chat with {name}'", async () => {
    await openChat();
    expect(lastSocket().url).toBe(`ws://${window.location.host}/api/chat/live`);
    expect(screen.getByRole("heading", { level: 1, name: "Chat with Lia" })).toBeTruthy();
    expect(screen.getByText("Your one-to-one conversation, just for VIP members.")).toBeTruthy();
    expect(log().getAttribute("aria-live")).toBe("polite");
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two"]);
    const [mine, theirs] = Array.from(log().querySelectorAll(".chat-msg"));
    expect(spaces(mine!.querySelector(".chat-msg-meta")!.textContent!)).toBe("You 3:04 PM");
    expect(spaces(theirs!.querySelector(".chat-msg-meta")!.textContent!)).toBe("Lia 3:05 PM");
    expect(mine!.className).toContain("chat-msg-user");
    expect(theirs!.className).toContain("chat-msg-assistant");
    expect(input().placeholder).toBe("Type your message...");
    expect(sendButton().disabled).toBe(false);
    expect(screen.queryByText("Offline mode")).toBeNull();
  });

  it("renders replies as text, never as HTML", async () => {
    await openChat({ frame: history([message("m1", "assistant", "<b>bold</b> <img src=x onerror=alert(1)>")]) });
    expect(bubbles()).toEqual(["<b>bold</b> <img src=x onerror=alert(1)>"]);
    expect(log().querySelector("b, img")).toBeNull();
  });

  it("shows the optimistic message and the typing indicator, streams the reply into one bubble and finishes it", async () => {
    const { socket } = await openChat();
    type("  Hello there  ");
    fireEvent.keyDown(input(), { key: "Enter" });

    expect(socket.frames()).toEqual([{ type: "send", text: "Hello there", locale: "en" }]);
    expect(input().value).toBe("");
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two", "Hello there"]);
    expect(screen.getByText("Lia is typing…")).toBeTruthy();
    expect(sendButton().disabled).toBe(true);

    // The stored message takes the optimistic one's place (not a second copy).
    socket.serverSend({ type: "typing", replyId: "r1", userMessage: message("m3", "user", "Hello there") });
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two", "Hello there"]);
    expect(screen.getByText("Lia is typing…")).toBeTruthy();

    socket.serverSend({ type: "delta", replyId: "r1", text: "Hi, " });
    socket.serverSend({ type: "delta", replyId: "r1", text: "fan!\nSee you" });
    // A piece of another reply is not this one's.
    socket.serverSend({ type: "delta", replyId: "other", text: "XXX" });
    expect(screen.queryByText("Lia is typing…")).toBeNull();
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two", "Hello there", "Hi, fan!\nSee you"]);
    expect(sendButton().disabled).toBe(true);

    socket.serverSend({ type: "done", replyId: "r1", message: message("m4", "assistant", "Hi, fan!\nSee you soon", AT_15_05) });
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two", "Hello there", "Hi, fan!\nSee you soon"]);
    expect(log().querySelector(".chat-msg-streaming")).toBeNull();
    expect(screen.queryByText("Lia is typing…")).toBeNull();
    expect(sendButton().disabled).toBe(false);
  });

  it("sends on Enter, not on Shift+Enter", async () => {
    const { socket } = await openChat();
    type("first line");
    fireEvent.keyDown(input(), { key: "Enter", shiftKey: true });
    expect(socket.frames()).toEqual([]);
    expect(input().value).toBe("first line");

    fireEvent.keyDown(input(), { key: "Enter" });
    expect(socket.frames()).toEqual([{ type: "send", text: "first line", locale: "en" }]);
  });

  it("never sends an empty or whitespace-only message", async () => {
    const { socket } = await openChat();
    fireEvent.keyDown(input(), { key: "Enter" });
    type("   \n\t  ");
    fireEvent.keyDown(input(), { key: "Enter" });
    fireEvent.click(sendButton());
    expect(socket.frames()).toEqual([]);
    expect(bubbles()).toHaveLength(2);
    expect(screen.queryByText("Lia is typing…")).toBeNull();
  });

  it("sends with the Send button and gives the box the focus back 100 ms later", async () => {
    const { socket } = await openChat({ timers: true });
    type("Hi");
    fireEvent.click(sendButton());
    expect(socket.frames()).toEqual([{ type: "send", text: "Hi", locale: "en" }]);
    input().blur();
    act(() => void vi.advanceTimersByTime(99));
    expect(document.activeElement).not.toBe(input());
    act(() => void vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(input());
  });

  it("stops a reply: Stop sends cancel and a cancelled reply leaves no bubble", async () => {
    const { socket } = await openChat();
    type("Tell me a story");
    fireEvent.keyDown(input(), { key: "Enter" });
    socket.serverSend({ type: "typing", replyId: "r1", userMessage: message("m3", "user", "Tell me a story") });
    socket.serverSend({ type: "delta", replyId: "r1", text: "Once upon" });
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(socket.frames().at(-1)).toEqual({ type: "cancel" });
    socket.serverSend({ type: "done", replyId: "r1", message: null });
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two", "Tell me a story"]);
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    expect(sendButton().disabled).toBe(false);
  });

  it("invites a first question with suggestions that send on click", async () => {
    const { socket } = await openChat({ frame: history([]) });
    expect(screen.getByText("Start the conversation")).toBeTruthy();
    const suggestions = within(screen.getByRole("list", { name: "Suggested questions" })).getAllByRole("button");
    expect(suggestions.map((b) => b.textContent)).toEqual(["When is your next show?", "What albums have you released?", "What does VIP include?"]);
    fireEvent.click(screen.getByRole("button", { name: "What does VIP include?" }));
    expect(socket.frames()).toEqual([{ type: "send", text: "What does VIP include?", locale: "en" }]);
    expect(screen.queryByText("Start the conversation")).toBeNull();
    expect(bubbles()).toEqual(["What does VIP include?"]);
  });

  it("counts characters near the limit and refuses a message over 2,000", async () => {
    const { socket } = await openChat();
    type("a".repeat(1799));
    expect(screen.queryByText("1,799 / 2,000")).toBeNull();
    type("a".repeat(1990));
    expect(screen.getByText("1,990 / 2,000")).toBeTruthy();
    type("a".repeat(2001));
    expect(screen.getByText("2,001 / 2,000")).toBeTruthy();
    expect(input().getAttribute("aria-invalid")).toBe("true");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(socket.frames()).toEqual([]);
    expect(screen.getByRole("alert").textContent).toContain("Messages can be at most 2,000 characters");
    expect(input().value).toHaveLength(2001);
  });

  it("copies the transcript ('[time] Sender: text', blank lines between) and says 'Copied!' for 2 seconds", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    await openChat({ timers: true });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy Chat" }));
    });
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(spaces(writeText.mock.calls[0]![0])).toBe("[3:04 PM] You: When is the next show?\n\n[3:05 PM] Lia: Line one\nLine two");
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1999));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Copy Chat" })).toBeTruthy();
  });

  it("copies in Portuguese with 'Você' and a 24-hour time", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    await openChat({ locale: "pt-BR" });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copiar conversa" }));
    });
    expect(writeText.mock.calls[0]![0]).toBe("[15:04] Você: When is the next show?\n\n[15:05] Lia: Line one\nLine two");
    expect(screen.getByRole("button", { name: "Copiado!" })).toBeTruthy();
  });

  it("says so when the clipboard refuses", async () => {
    stubClipboard(() => Promise.reject(new Error("denied")));
    await openChat();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy Chat" }));
    });
    expect(screen.getByRole("alert").textContent).toContain("Couldn't copy the chat to the clipboard");
    expect(screen.getByRole("button", { name: "Copy Chat" })).toBeTruthy();
  });

  it("starts a new chat", async () => {
    const { socket } = await openChat();
    fireEvent.click(screen.getByRole("button", { name: "New Chat" }));
    expect(socket.frames()).toEqual([{ type: "new_chat" }]);
    socket.serverSend(history([], { threadId: "thread-2" }));
    expect(bubbles()).toEqual([]);
    expect(screen.getByText("Start the conversation")).toBeTruthy();
  });

  it("clears the history only after the confirmation; Cancel and Escape keep it", async () => {
    const { socket } = await openChat();
    const clearButton = screen.getByRole("button", { name: "Clear Chat" });

    fireEvent.click(clearButton);
    let dialog = screen.getByRole("dialog", { name: "Clear Chat History" });
    expect(dialog.textContent).toContain("Are you sure you want to clear your chat history? This action cannot be undone.");
    // Focus starts inside, on Cancel.
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(clearButton);
    dialog = screen.getByRole("dialog", { name: "Clear Chat History" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(socket.frames()).toEqual([]);
    expect(bubbles()).toHaveLength(2);

    fireEvent.click(clearButton);
    dialog = screen.getByRole("dialog", { name: "Clear Chat History" });
    // Tab from the last button wraps to the first: focus stays in the dialog.
    const confirm = within(dialog).getByRole("button", { name: "Clear History" });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: "Tab" });
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(confirm);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(socket.frames()).toEqual([{ type: "clear" }]);
    socket.serverSend(history([], { threadId: "thread-2" }));
    expect(bubbles()).toEqual([]);
  });

  it("shows 'Offline mode' when replies come from the site's own data", async () => {
    await openChat({ frame: history(THREAD_MESSAGES, { offline: true }) });
    expect(screen.getByText("Offline mode")).toBeTruthy();
    expect(screen.getByText(/replies come from the site's own data/)).toBeTruthy();
  });

  it("speaks Portuguese: heading, box, suggestions and the reply language sent", async () => {
    const { socket } = await openChat({ frame: history([]), locale: "pt-BR" });
    expect(screen.getByRole("heading", { level: 1, name: "Converse com Lia" })).toBeTruthy();
    expect(input().placeholder).toBe("Digite sua mensagem...");
    fireEvent.click(screen.getByRole("button", { name: "Quando é o seu próximo show?" }));
    expect(socket.frames()).toEqual([{ type: "send", text: "Quando é o seu próximo show?", locale: "pt-BR" }]);
    expect(screen.getByText("Lia está digitando…")).toBeTruthy();
  });
});

// ---------- Errors ----------

describe("the error banner", () => {
  const cases: [Extract<ChatServerFrame, { type: "error" }>, string, string][] = [
    [{ type: "error", code: "send_failed" }, "Failed to send message", "Falha ao enviar a mensagem"],
    [{ type: "error", code: "run_failed", status: "expired" }, "Run failed with status: expired", "A execução falhou com o status: expired"],
    [{ type: "error", code: "timeout" }, "Run timed out", "A execução excedeu o tempo limite"],
    [{ type: "error", code: "clear_failed" }, "Failed to clear chat history", "Falha ao limpar o histórico da conversa"],
    [{ type: "error", code: "new_chat_failed" }, "Failed to start new chat", "Falha ao iniciar uma nova conversa"],
    [{ type: "error", code: "message_too_long" }, "Messages can be at most 2,000 characters", "As mensagens podem ter no máximo 2.000 caracteres"],
    [
      { type: "error", code: "rate_limited", retryAfter: 30 },
      "You're sending messages too quickly. Try again in 30 seconds.",
      "Você está enviando mensagens rápido demais. Tente novamente em 30 segundos.",
    ],
    [
      { type: "error", code: "daily_limit", retryAfter: 7200 },
      "You've reached today's message limit. Try again in 2 hours.",
      "Você atingiu o limite de mensagens de hoje. Tente novamente em 2 horas.",
    ],
    [{ type: "error", code: "empty_message" }, "Type a message before sending", "Digite uma mensagem antes de enviar"],
    [
      { type: "error", code: "bad_frame" },
      "The chat could not read that request. Please try again.",
      "O chat não conseguiu ler essa solicitação. Tente novamente.",
    ],
  ];

  it.each(cases)("shows %o in English", async (frame, en) => {
    const { socket } = await openChat();
    socket.serverSend(frame);
    expect(screen.getByRole("alert").textContent).toBe(`${en}Dismiss`);
    expect(screen.getByRole("alert").className).toContain("error-banner");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it.each(cases)("shows %o in Portuguese", async (frame, _en, pt) => {
    const { socket } = await openChat({ locale: "pt-BR" });
    socket.serverSend(frame);
    expect(screen.getByRole("alert").textContent).toBe(`${pt}Fechar`);
  });

  it("ends the wait on a refused message: the optimistic copy goes, its text is back in the box, Send works again", async () => {
    const { socket } = await openChat();
    type("Too fast");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(bubbles()).toContain("Too fast");
    expect(input().value).toBe("");
    socket.serverSend({ type: "error", code: "rate_limited", retryAfter: 1 });
    expect(screen.getByRole("alert").textContent).toContain("Try again in 1 second.");
    expect(bubbles()).not.toContain("Too fast");
    expect(input().value).toBe("Too fast");
    expect(screen.queryByText("Lia is typing…")).toBeNull();
    expect(sendButton().disabled).toBe(false);
  });

  it("does not put a refused message over what the member typed since", async () => {
    const { socket } = await openChat();
    type("First");
    fireEvent.keyDown(input(), { key: "Enter" });
    type("Second thoughts");
    socket.serverSend({ type: "error", code: "send_failed" });
    expect(input().value).toBe("Second thoughts");
  });

  it("keeps a reply in progress on an error about something else", async () => {
    const { socket } = await openChat();
    type("Hi");
    fireEvent.keyDown(input(), { key: "Enter" });
    socket.serverSend({ type: "typing", replyId: "r1", userMessage: message("m3", "user", "Hi") });
    socket.serverSend({ type: "error", code: "clear_failed" });
    socket.serverSend({ type: "delta", replyId: "r1", text: "Hello!" });
    expect(bubbles().at(-1)).toBe("Hello!");
    expect(screen.getByRole("alert").textContent).toContain("Failed to clear chat history");
  });

  it("says 'Failed to load chat history' when no history arrives in time", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: VIP }) });
    renderApp(tree, "/chat");
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    fakeTimers();
    const socket = lastSocket();
    socket.serverOpen();
    expect(screen.getByText("Loading your conversation...")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(HISTORY_TIMEOUT_MS - 1));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole("alert").textContent).toContain("Failed to load chat history");
    // A late history still shows, and the error goes with it.
    socket.serverSend(history(THREAD_MESSAGES));
    expect(bubbles()).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("ignores frames it cannot read", async () => {
    const { socket } = await openChat();
    socket.serverSend("not json");
    socket.serverSend("pong");
    socket.serverSend(JSON.stringify({ type: "history", threadId: 1, messages: [], persona: "X", offline: false }));
    socket.serverSend(JSON.stringify({ type: "surprise" }));
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two"]);
    expect(screen.getByRole("heading", { level: 1, name: "Chat with Lia" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

// ---------- The connection ----------

describe("the connection", () => {
  it("pings every 30 seconds", async () => {
    const { socket } = await openChat({ timers: true });
    act(() => void vi.advanceTimersByTime(29_999));
    expect(socket.sent).not.toContain("ping");
    act(() => void vi.advanceTimersByTime(1));
    expect(socket.sent.filter((data) => data === "ping")).toHaveLength(1);
  });

  it("says it is reconnecting after an abnormal close, reconnects with backoff and reloads the thread", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const { socket } = await openChat({ timers: true });
    expect(screen.queryByText("Connection lost. Reconnecting...")).toBeNull();

    socket.serverClose(1006);
    expect(screen.getByText("Connection lost. Reconnecting...").getAttribute("role")).toBe("status");
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByRole("button", { name: "New Chat" }).hasAttribute("disabled")).toBe(true);
    // What was there stays in sight meanwhile.
    expect(bubbles()).toHaveLength(2);

    // reconnectDelay(0) with the highest jitter: 1 s.
    act(() => void vi.advanceTimersByTime(999));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(2);

    // The second attempt fails too: the next wait doubles (2 s).
    lastSocket().serverClose(1006);
    act(() => void vi.advanceTimersByTime(1999));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(3);

    const again = lastSocket();
    again.serverOpen();
    again.serverSend(history([...THREAD_MESSAGES, message("m3", "assistant", "Welcome back")]));
    expect(screen.queryByText("Connection lost. Reconnecting...")).toBeNull();
    expect(bubbles()).toEqual(["When is the next show?", "Line one\nLine two", "Welcome back"]);
    expect(sendButton().disabled).toBe(false);
  });

  it("does not reconnect when the session ended (4401) and says so", async () => {
    const { socket } = await openChat({ timers: true });
    socket.serverClose(4401);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Your session has ended. Log in again to keep chatting.");
    expect(within(alert).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/social/login");
    act(() => void vi.advanceTimersByTime(120_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(sendButton().disabled).toBe(true);
  });

  it.each([
    ["en", "Your VIP membership has ended, so this chat is closed. Become a VIP member again to keep chatting.", "Become a VIP again"],
    ["pt-BR", "Sua assinatura VIP terminou, por isso este chat foi fechado. Torne-se VIP de novo para continuar conversando.", "Ser VIP de novo"],
  ] as const)("explains a VIP-ended close (4403) in %s, links to VIP again, refetches me and does not reconnect", async (locale, text, link) => {
    const { socket } = await openChat({ locale });
    const api = mockApi({ "GET /api/auth/me": json(200, { user: sessionUser() }) });
    socket.serverClose(4403);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByRole("link", { name: link }).getAttribute("href")).toBe("/vip-signup");
    // `me` is asked again, and the page shows the VIP gate under the explanation.
    await waitFor(() => expect(api.callsTo("GET /api/auth/me").length).toBeGreaterThan(0));
    expect(await screen.findByRole("region", { name: locale === "en" ? "VIP Access Required" : /VIP/ })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(text);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("closes the socket when the page goes away", async () => {
    const { socket, unmount } = await openChat();
    unmount();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });
});

// ---------- Pure parts ----------

describe("parseChatServerFrame", () => {
  it("reads the contract's frames", () => {
    const frames: ChatServerFrame[] = [
      history(THREAD_MESSAGES, { offline: true }),
      { type: "typing", replyId: "r", userMessage: THREAD_MESSAGES[0]! },
      { type: "delta", replyId: "r", text: "x" },
      { type: "done", replyId: "r", message: THREAD_MESSAGES[1]! },
      { type: "done", replyId: "r", message: null },
      { type: "error", code: "run_failed", replyId: "r", status: "failed" },
      { type: "error", code: "rate_limited", retryAfter: 12 },
    ];
    for (const frame of frames) expect(parseChatServerFrame(JSON.stringify(frame))).toEqual(frame);
  });

  it("drops what is not a frame", () => {
    expect(parseChatServerFrame("pong")).toBeNull();
    expect(parseChatServerFrame("{")).toBeNull();
    expect(parseChatServerFrame(new ArrayBuffer(4))).toBeNull();
    expect(parseChatServerFrame("null")).toBeNull();
    expect(parseChatServerFrame("[]")).toBeNull();
    expect(parseChatServerFrame(JSON.stringify({ type: "delta", replyId: "r" }))).toBeNull();
    expect(parseChatServerFrame(JSON.stringify({ type: "typing", replyId: "r", userMessage: { id: "x" } }))).toBeNull();
    expect(parseChatServerFrame(JSON.stringify({ type: "done", replyId: "r" }))).toBeNull();
    expect(parseChatServerFrame(JSON.stringify({ type: "error" }))).toBeNull();
    const huge = JSON.stringify({ type: "delta", replyId: "r", text: "x".repeat(MAX_SERVER_FRAME_CHARS) });
    expect(parseChatServerFrame(huge)).toBeNull();
  });

  it("keeps the good messages of a history, only their known fields, and marks unknown error codes", () => {
    const frame = {
      ...history(),
      messages: [
        { ...THREAD_MESSAGES[0]!, extra: "<script>" },
        { id: "bad", role: "system" },
      ],
    };
    expect(parseChatServerFrame(JSON.stringify(frame))).toEqual(history([THREAD_MESSAGES[0]!]));
    expect(parseChatServerFrame(JSON.stringify({ type: "error", code: "brand_new", retryAfter: -1 }))).toEqual({ type: "error", code: "unknown" });
  });

  it("builds the socket URL on the page's own host", () => {
    expect(chatSocketUrl({ protocol: "https:", host: "fans.example:8443" })).toBe("wss://fans.example:8443/api/chat/live");
    expect(chatSocketUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/api/chat/live");
  });
});

describe("chatReducer", () => {
  const loaded = (): ChatState =>
    chatReducer(chatReducer(initialChatState, { type: "status", status: "open" }), { type: "frame", frame: history(THREAD_MESSAGES) });
  const optimistic = { ...message("pending-1", "user", "Hi"), pending: true as const };

  it("can send once connected and the thread has arrived, and not while a reply is awaited", () => {
    expect(canSend(initialChatState)).toBe(false);
    expect(canSend(chatReducer(initialChatState, { type: "status", status: "open" }))).toBe(false);
    const state = loaded();
    expect(canSend(state)).toBe(true);
    expect(canSend(chatReducer(state, { type: "sent", message: optimistic }))).toBe(false);
  });

  it("needs this connection's history again after a reconnect", () => {
    let state = chatReducer(loaded(), { type: "status", status: "reconnecting" });
    state = chatReducer(state, { type: "status", status: "open" });
    expect(state.loaded).toBe(true);
    expect(canSend(state)).toBe(false);
  });

  it("joins a reply in progress on connect without showing its question twice", () => {
    const question = message("m3", "user", "Still there?");
    let state = chatReducer(chatReducer(initialChatState, { type: "status", status: "open" }), {
      type: "frame",
      frame: history([...THREAD_MESSAGES, question]),
    });
    state = chatReducer(state, { type: "frame", frame: { type: "typing", replyId: "r", userMessage: question } });
    state = chatReducer(state, { type: "frame", frame: { type: "delta", replyId: "r", text: "Yes, " } });
    expect(state.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(state.reply).toEqual({ replyId: "r", text: "Yes, " });
    expect(canSend(state)).toBe(false);
  });

  it("keeps a finished reply once even if done comes twice", () => {
    let state = chatReducer(loaded(), { type: "sent", message: optimistic });
    state = chatReducer(state, { type: "frame", frame: { type: "typing", replyId: "r", userMessage: message("m3", "user", "Hi") } });
    const done = { type: "done", replyId: "r", message: message("m4", "assistant", "Hey") } as const;
    state = chatReducer(chatReducer(state, { type: "frame", frame: done }), { type: "frame", frame: done });
    expect(state.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4"]);
    expect(state.reply).toBeNull();
  });
});

describe("formatChatTranscript", () => {
  const labels = { you: "You", time: (ms: number) => `t${(ms - AT_15_04) / 60_000}` };

  it("writes one '[time] Sender: text' entry per message, separated by a blank line", () => {
    expect(formatChatTranscript(THREAD_MESSAGES, "Lia", labels)).toBe("[t0] You: When is the next show?\n\n[t1] Lia: Line one\nLine two");
    expect(formatChatTranscript([], "Lia", labels)).toBe("");
  });
});

describe("error texts", () => {
  const intlOf = (locale: Locale) => createIntl({ locale, messages: locale === "en" ? enChat : ptChat });

  it("round waits up to the largest unit", () => {
    expect(waitOf(0)).toEqual({ unit: "seconds", count: 1 });
    expect(waitOf(59.2)).toEqual({ unit: "seconds", count: 60 });
    expect(waitOf(61)).toEqual({ unit: "minutes", count: 2 });
    expect(waitOf(3600)).toEqual({ unit: "hours", count: 1 });
    expect(waitOf(86_000)).toEqual({ unit: "hours", count: 24 });
  });

  it("words a limit without a wait, and errors the page noticed itself", () => {
    expect(chatErrorText({ code: "daily_limit" }, intlOf("en"))).toBe("You've reached today's message limit. Please try again later.");
    expect(chatErrorText({ code: "rate_limited", retryAfter: 90 }, intlOf("pt-BR"))).toBe(
      "Você está enviando mensagens rápido demais. Tente novamente em 2 minutos.",
    );
    expect(chatErrorText({ code: "history_failed" }, intlOf("pt-BR"))).toBe("Falha ao carregar o histórico da conversa");
    expect(chatErrorText({ code: "unknown" }, intlOf("en"))).toBe("Something went wrong. Please try again.");
  });
});

describe("isNearBottom", () => {
  it("follows within 50px of the end only", () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 600 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 550 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 549 })).toBe(false);
  });
});
