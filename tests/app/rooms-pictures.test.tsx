// Pictures and link cards in a room (decision 110): the composer attaches pictures with the button
// or by pasting, uploads each at once with its progress, refuses a file over 5 MB before any upload,
// says the Worker's refusals in both languages, removes a picture on demand, and sends a message with
// only pictures; messages show their pictures (lazy, named, opening in full size) and the cards of
// their links to the site's pages, in the reader's language, including cards that arrive later.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomLinkPreview } from "../../worker/contracts/rooms/rooms";
import { json, mockApi, renderApp, sessionUser } from "./accounts-harness";
import { FakeWebSocket, latestSocket, range, roomMessage, roomSummary, roomsTree, welcome } from "./fixtures/rooms";
import { FakeXHR } from "./fixtures/fake-xhr";

const ME = sessionUser();

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  FakeXHR.sent = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:preview"), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(locale: "en" | "pt-BR" = "en") {
  mockApi({ "GET /api/auth/me": json(200, { user: ME }), "GET /api/rooms": json(200, { rooms: [roomSummary()] }), "GET /api/tiers": json(200, { tiers: [] }) });
  renderApp(roomsTree, "/rooms/general", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
}

function pictureFile(name = "beach.png", size?: number) {
  const file = new File(["png"], name, { type: "image/png" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
}
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const sendButton = (name = "Send") => screen.getByRole("button", { name }) as HTMLButtonElement;
const sends = () =>
  latestSocket()
    .frames()
    .filter((f) => f.type === "send");

describe("attaching pictures", () => {
  it("uploads a chosen picture with its progress, then sends it without text", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 1)));
    choose(pictureFile());
    const [xhr] = FakeXHR.sent;
    expect([xhr!.method, xhr!.url]).toEqual(["POST", "/api/rooms/general/pictures"]);
    expect((xhr!.body as FormData).get("picture")).toBeInstanceOf(File);
    const attached = screen.getByRole("list", { name: "Pictures to send" });
    expect(within(attached).getByRole("img", { name: "beach.png" }).getAttribute("src")).toBe("blob:preview");
    xhr!.progress(50, 100);
    expect(within(attached).getByText("50% uploaded")).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    await xhr!.respond(201, { pictureId: "picture-token-1", width: 10, height: 10 });
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    expect(sends()).toEqual([{ type: "send", clientId: expect.any(String), text: "", pictureIds: ["picture-token-1"] }]);
    expect(screen.queryByRole("list", { name: "Pictures to send" })).toBeNull();
  });

  it("uploads a pasted picture, and removes one on demand", async () => {
    await open();
    latestSocket().serverSend(welcome([]));
    fireEvent.paste(screen.getByRole("textbox", { name: "Your message" }), { clipboardData: { files: [pictureFile("pasted.png")] } });
    expect(FakeXHR.sent).toHaveLength(1);
    expect(screen.getByRole("img", { name: "pasted.png" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove this picture" }));
    expect(screen.queryByRole("img", { name: "pasted.png" })).toBeNull();
    expect(sendButton().disabled).toBe(true);
  });

  it("takes dropped pictures, four at most, and then offers no more", async () => {
    await open();
    latestSocket().serverSend(welcome([]));
    const files = ["1", "2", "3", "4", "5"].map((n) => pictureFile(`drop-${n}.png`));
    fireEvent.drop(screen.getByRole("textbox", { name: "Your message" }).closest("form")!, { dataTransfer: { files } });
    expect(FakeXHR.sent).toHaveLength(4);
    expect(within(screen.getByRole("list", { name: "Pictures to send" })).getAllByRole("listitem")).toHaveLength(4);
    expect(sendButton("Add a picture").disabled).toBe(true);
  });

  it.each([
    ["en", "not_image", "Only JPEG, PNG, GIF and WebP pictures can be sent."],
    ["pt-BR", "not_image", "Só dá para enviar fotos JPEG, PNG, GIF e WebP."],
    ["en", "room_muted", "You are muted in this room for now."],
    ["pt-BR", "image_dimensions", "Esta foto é grande demais em pixels."],
  ] as const)("says the Worker's refusal in %s (%s) and keeps the message from going", async (locale, code, text) => {
    await open(locale);
    latestSocket().serverSend(welcome([]));
    choose(pictureFile());
    await FakeXHR.sent[0]!.respond(400, { error: { code, message: "refused" } });
    expect(screen.getByRole("alert").textContent).toBe(text);
    expect(sendButton(locale === "en" ? "Send" : "Enviar").disabled).toBe(true);
  });

  it("refuses a picture over 5 MB before any upload", async () => {
    await open("pt-BR");
    latestSocket().serverSend(welcome([]));
    choose(pictureFile("huge.png", 5 * 1024 * 1024 + 1));
    expect(FakeXHR.sent).toEqual([]);
    expect(screen.getByRole("alert").textContent).toBe("As fotos podem ter no máximo 5 MB.");
  });
});

const card = (overrides: Partial<RoomLinkPreview>): RoomLinkPreview => ({
  kind: "product",
  path: "/store/tour-shirt",
  title: { en: "Tour shirt", ptBR: "Camiseta da turnê" },
  subtitle: null,
  imageUrl: null,
  date: null,
  price: { usd: 2500, brl: 12000 },
  ...overrides,
});

describe("pictures and cards in messages", () => {
  it("shows a message's pictures lazily, named, each a link to its full size", async () => {
    await open();
    const url = "/api/rooms/general/pictures/0123456789abcdef0123456789abcdef.png";
    latestSocket().serverSend(welcome([roomMessage(1, { text: "", pictures: [{ url, width: 480, height: 240 }] })]));
    const picture = await screen.findByRole("img", { name: "Picture 1 from maria_beats" });
    expect([picture.getAttribute("src"), picture.getAttribute("loading"), picture.getAttribute("width"), picture.getAttribute("height")]).toEqual([
      url,
      "lazy",
      "240",
      "120",
    ]);
    expect(picture.closest("a")!.getAttribute("href")).toBe(url);
  });

  it.each([
    ["en", "Tour shirt", "$25.00"],
    ["pt-BR", "Camiseta da turnê", "R$ 120,00"],
  ] as const)("shows link cards in %s, and the cards that arrive after the message", async (locale, title, price) => {
    await open(locale);
    latestSocket().serverSend(welcome([roomMessage(1, { text: "https://site/store/tour-shirt", previews: [card({})] }), roomMessage(2)]));
    const link = await screen.findByRole("link", { name: new RegExp(title) });
    expect(link.getAttribute("href")).toBe("/store/tour-shirt");
    expect(link.textContent!.replace(/\u00a0/g, " ")).toContain(price);
    latestSocket().serverSend({
      type: "previews",
      seq: 2,
      previews: [card({ kind: "event", path: "/events#event-e1", title: { en: "Miami show", ptBR: "Show em Miami" }, price: null })],
    });
    const event = screen.getByRole("link", { name: locale === "en" ? /Miami show/ : /Show em Miami/ });
    expect(event.getAttribute("href")).toBe("/events#event-e1");
    expect(event.closest("li[id]")!.id).toBe("room-message-2");
  });
});
