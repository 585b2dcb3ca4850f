// The social feed (/social) and a shared post (/social/post/{id}) against a fake API and a fake
// WebSocket: member text stays inert, the composer's checks and busy states, optimistic likes and
// deletes with their rollbacks, one post's comments at a time, live events, and the socket's
// reconnect rules (fake timers).
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PHOTO_URL } from "../../app/components/defaultImages";
import { splitLinks } from "../../app/components/PostContent";
import { parseFeedFrame, useFeedSocket } from "../../app/features/feed/useFeedSocket";
import { reconnectDelay, RECONNECT_MAX_MS } from "../../app/lib/socket";
import type { Locale } from "../../app/i18n/locale";
import { Route as SocialRoute } from "../../app/routes/social/index";
import { Route as PostRoute } from "../../app/routes/social/post/$postId";
import type { SessionUser } from "../../worker/contracts/auth";
import type { CommentView, FeedEvent, FeedResponse, PostView } from "../../worker/contracts/feed";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

// ---------------------------------------------------------------------------------------------
// Fixtures

const ME = sessionUser();
const OTHER = { id: "22222222-2222-4222-8222-222222222222", username: "dj_rita", avatarUrl: null, isVIP: true };
const SELF = { id: ME.id, username: ME.username, avatarUrl: null, isVIP: false };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function post(n: number, overrides: Partial<PostView> = {}): PostView {
  return {
    id: uuid(n),
    author: OTHER,
    visibility: "members",
    tiers: null,
    official: false,
    pinned: false,
    locked: false,
    content: `Post number ${n}`,
    image: null,
    createdAt: minutesAgo(n * 5),
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    canDelete: false,
    ...overrides,
  };
}

function comment(n: number, postId: string, content = `Comment ${n}`): CommentView {
  return { id: `c${n}`, postId, author: SELF, content, createdAt: minutesAgo(1) };
}

/** A response the test releases when it wants (to see busy states). */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { handler: () => promise, release };
}

// ---------------------------------------------------------------------------------------------
// Fake WebSocket: the hook opens one per connection; the test plays the server.

class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
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
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = FakeWebSocket.CLOSED;
  }
  // The server's side:
  accept() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) } as MessageEvent);
  }
  events(...events: FeedEvent[]) {
    this.receive({ type: "events", events });
  }
  drop(code: number) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }
  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error("no socket was opened");
    return socket;
  }
}

// ---------------------------------------------------------------------------------------------
// The fake API and the pages

type Setup = { me?: SessionUser | null; posts?: PostView[]; extra?: ApiRoutes; locale?: Locale; url?: string; pageSize?: number };

function setup({ me = ME, posts = [], extra = {}, locale = "en", url = "/social", pageSize = 20 }: Setup = {}) {
  const feedPage = (request: Request): Response => {
    const cursor = new URL(request.url).searchParams.get("cursor");
    const start = cursor ? Number(cursor) : 0;
    const slice = posts.slice(start, start + pageSize);
    const next = start + pageSize < posts.length ? String(start + pageSize) : null;
    return json(200, { posts: slice, nextCursor: next } satisfies FeedResponse);
  };
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/posts": feedPage,
    ...extra,
  });
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(SocialRoute, "/social/", root),
    mountFileRoute(PostRoute, "/social/post/$postId", root),
    stubRoute(root, "/social/login"),
    stubRoute(root, "/social/signup"),
    stubRoute(root, "/social/profile/$userId"),
  ]);
  const view = renderApp(tree, url, { locale });
  return { ...view, ...api };
}

/** The post (article) holding a text, or an element inside it. */
const article = (target: string | RegExp | HTMLElement) =>
  (target instanceof HTMLElement ? target : screen.getByText(target, { selector: ".post-content" })).closest("article") as HTMLElement;
const likeButton = (scope: HTMLElement) => within(scope).getByRole("button", { name: /, (Like|Curtir)$/ });

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// ---------------------------------------------------------------------------------------------

describe("post content", () => {
  it("renders markup as inert text and only http(s) addresses as safe links", async () => {
    const content = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      "See https://example.com/path?a=1&b=2. Or (http://foo.test/x) but not javascript:alert(3)",
    ].join("\n");
    setup({ posts: [post(1, { content })] });
    const text = await screen.findByText(/alert\(1\)/, { selector: ".post-content" });
    const card = text.closest("article")!;

    expect(text.textContent).toBe(content); // every character shown, line breaks kept
    expect(card.querySelector("script")).toBeNull();
    expect(card.querySelector("[onerror]")).toBeNull();
    expect(card.querySelectorAll("img")).toHaveLength(1); // the avatar, nothing injected
    expect(document.querySelector("script")).toBeNull();

    const links = within(text).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/path?a=1&b=2", "http://foo.test/x"]);
    expect(links.map((a) => a.textContent)).toEqual(["https://example.com/path?a=1&b=2", "http://foo.test/x"]);
    for (const link of links) {
      expect(link.getAttribute("rel")).toBe("noopener noreferrer ugc nofollow");
      expect(link.getAttribute("target")).toBe("_blank");
    }
    expect(within(text).queryByRole("link", { name: /javascript/ })).toBeNull();
  });

  it("splits text into plain runs and links", () => {
    expect(splitLinks("a https://x.test/p, b")).toEqual([
      { kind: "text", text: "a " },
      { kind: "link", text: "https://x.test/p", href: "https://x.test/p" },
      { kind: "text", text: ", b" },
    ]);
    expect(splitLinks("ftp://x.test data:text/html,hi")).toEqual([{ kind: "text", text: "ftp://x.test data:text/html,hi" }]);
  });

  it("shows the author, a VIP badge, a relative time with the full date, and an image with its size", async () => {
    const shown = post(1, { image: { url: "/uploads/posts/abc.jpg", width: 800, height: 600 } });
    setup({ posts: [shown] });
    const card = article(await screen.findByText("Post number 1"));
    expect(within(card).getByRole("link", { name: "dj_rita" }).getAttribute("href")).toBe(`/social/profile/${OTHER.id}`);
    expect(within(card).getByText("VIP")).toBeTruthy();
    const time = card.querySelector("time")!;
    expect(time.textContent).toBe("5 minutes ago");
    expect(time.getAttribute("datetime")).toBe(shown.createdAt);
    expect(time.getAttribute("title")).toMatch(/\d{4}/);
    const image = within(card).getByRole("img", { name: "Image shared by dj_rita" });
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["800", "600"]);
    fireEvent.error(image);
    expect(image.getAttribute("src")).toBe(DEFAULT_PHOTO_URL);
  });
});

describe("the composer", () => {
  it("is disabled while empty, reads 'Posting...' while busy, then puts the post at the top", async () => {
    const create = deferred();
    const { callsTo } = setup({ posts: [post(1)], extra: { "POST /api/posts": create.handler } });
    await screen.findByText("Post number 1");
    const box = screen.getByLabelText("Share something with the community") as HTMLTextAreaElement;
    const submit = screen.getByRole("button", { name: "Post" }) as HTMLButtonElement;
    expect(box.tagName).toBe("TEXTAREA");
    expect(submit.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "   \n " } });
    expect(submit.disabled).toBe(true);
    fireEvent.submit(box.closest("form")!);
    expect(callsTo("POST /api/posts")).toHaveLength(0);

    fireEvent.change(box, { target: { value: "  Hello freestyle fans!  " } });
    expect(screen.getByText("21/2,000")).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByRole("button", { name: "Posting..." })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Posting..." }) as HTMLButtonElement).disabled).toBe(true);
    expect(sentJson(callsTo("POST /api/posts")[0])).toEqual({ content: "Hello freestyle fans!" });

    create.release(json(201, { post: post(99, { author: SELF, content: "Hello freestyle fans!", createdAt: new Date().toISOString(), canDelete: true }) }));
    await screen.findByText("Hello freestyle fans!", { selector: ".post-content" });
    const contents = screen.getAllByText(/./, { selector: ".post-content" }).map((p) => p.textContent);
    expect(contents).toEqual(["Hello freestyle fans!", "Post number 1"]);
    expect(box.value).toBe("");
    expect(screen.getByRole("button", { name: "Post" })).toBeTruthy();
  });

  it("shows a post made while the list is still loading, when the list's answer was read before it", async () => {
    const firstRead = deferred();
    const mine = post(99, { author: SELF, content: "Posted before the list came", createdAt: new Date().toISOString(), canDelete: true });
    let reads = 0;
    const { callsTo } = setup({
      extra: {
        "GET /api/posts": () => (++reads === 1 ? firstRead.handler() : json(200, { posts: [mine, post(1)], nextCursor: null } satisfies FeedResponse)),
        "POST /api/posts": json(201, { post: mine }),
      },
    });
    fireEvent.change(await screen.findByLabelText("Share something with the community"), { target: { value: "Posted before the list came" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(callsTo("POST /api/posts")).toHaveLength(1));
    // The first read was made before the post was written: its answer does not have it.
    firstRead.release(json(200, { posts: [post(1)], nextCursor: null } satisfies FeedResponse));
    await screen.findByText("Posted before the list came", { selector: ".post-content" });
    await screen.findByText("Post number 1");
    expect(screen.getAllByText(/./, { selector: ".post-content" }).map((p) => p.textContent)).toEqual(["Posted before the list came", "Post number 1"]);
  });

  it("refuses a file that is not an image and one of 5 MB + 1 byte, before any upload", async () => {
    const { callsTo } = setup();
    await screen.findByText("No posts yet");
    const picker = screen.getByLabelText("Image (optional)") as HTMLInputElement;
    expect(picker.getAttribute("accept")).toBe("image/*");

    fireEvent.change(picker, { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Please select an image file")).toBeTruthy();
    fireEvent.change(picker, { target: { files: [new File(["<svg/>"], "x.svg", { type: "image/svg+xml" })] } });
    expect(screen.getByText("Please select an image file")).toBeTruthy();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(await screen.findByText("Image must be less than 5MB")).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Preview of the image for your post" })).toBeNull();
    expect(callsTo("POST /api/uploads/post-image")).toHaveLength(0);
  });

  it("previews a chosen image, lets it be removed, and uploads it first with its progress", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:preview"), revokeObjectURL: vi.fn() }));
    class FakeXhr {
      static last: FakeXhr | null = null;
      upload = new EventTarget();
      events = new EventTarget();
      status = 0;
      statusText = "";
      responseText = "";
      url = "";
      body: FormData | null = null;
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      addEventListener(type: string, listener: EventListener) {
        this.events.addEventListener(type, listener);
      }
      send(body: FormData) {
        this.body = body;
        FakeXhr.last = this;
      }
      progress(loaded: number, total: number) {
        this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }));
      }
      respond(status: number, body: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.events.dispatchEvent(new Event("load"));
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { callsTo } = setup({
      extra: { "POST /api/posts": json(201, { post: post(50, { author: SELF, content: "With a picture" }) }) },
    });
    await screen.findByText("No posts yet");
    const picker = screen.getByLabelText("Image (optional)") as HTMLInputElement;
    const photo = new File([new Uint8Array(100)], "photo.png", { type: "image/png" });

    fireEvent.change(picker, { target: { files: [photo] } });
    expect(screen.getByRole("img", { name: "Preview of the image for your post" }).getAttribute("src")).toBe("blob:preview");
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    expect(screen.queryByRole("img", { name: "Preview of the image for your post" })).toBeNull();
    expect(screen.getByText("No image chosen")).toBeTruthy();

    fireEvent.change(picker, { target: { files: [photo] } });
    fireEvent.change(screen.getByLabelText("Share something with the community"), { target: { value: "With a picture" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe("/api/uploads/post-image");
    expect(xhr.body?.get("image")).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(screen.getByText("Uploading image... 40%")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Posting..." })).toBeTruthy();
    expect(callsTo("POST /api/posts")).toHaveLength(0); // the post waits for the image

    act(() => xhr.respond(200, { image: "0123456789abcdef0123456789abcdef.png", url: "/uploads/posts/x.png", width: 10, height: 10 }));
    await screen.findByText("With a picture", { selector: ".post-content" });
    expect(sentJson(callsTo("POST /api/posts")[0])).toEqual({ content: "With a picture", image: "0123456789abcdef0123456789abcdef.png" });
  });

  it("shows the server's upload refusal at the picker and 'Failed to create post' in the red banner", async () => {
    const { callsTo } = setup({
      extra: {
        "POST /api/uploads/post-image": apiError(413, "too_large", "Image must be less than 5MB"),
        "POST /api/posts": apiError(500, "internal", "boom"),
      },
    });
    vi.stubGlobal("XMLHttpRequest", undefined); // no progress: the upload goes through fetch
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:p"), revokeObjectURL: vi.fn() }));
    await screen.findByText("No posts yet");
    const box = screen.getByLabelText("Share something with the community");
    fireEvent.change(screen.getByLabelText("Image (optional)"), { target: { files: [new File([new Uint8Array(10)], "a.png", { type: "image/png" })] } });
    fireEvent.change(box, { target: { value: "hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    expect(await screen.findByText("Image must be less than 5MB")).toBeTruthy();
    expect(callsTo("POST /api/posts")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toContain("Failed to create post");
    expect((box as HTMLTextAreaElement).value).toBe("hi"); // nothing typed is lost
  });
});

describe("likes", () => {
  it("changes at once and rolls back when the server answers 500", async () => {
    const like = deferred();
    setup({ posts: [post(1, { likeCount: 3 })], extra: { [`PUT /api/posts/${uuid(1)}/like`]: like.handler } });
    const card = article(await screen.findByText("Post number 1"));
    const button = likeButton(card);
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(button.getAttribute("aria-label")).toBe("3 likes, Like");
    // The name holds the count the button shows (WCAG 2.5.3 Label in Name).
    expect(button.textContent).toBe("3");

    fireEvent.click(button);
    await waitFor(() => expect(likeButton(card).getAttribute("aria-pressed")).toBe("true"));
    expect(likeButton(card).getAttribute("aria-label")).toBe("4 likes, Like");

    like.release(apiError(500, "internal", "boom"));
    await waitFor(() => expect(likeButton(card).getAttribute("aria-pressed")).toBe("false"));
    expect(likeButton(card).getAttribute("aria-label")).toBe("3 likes, Like");
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to update the like");
  });

  it("takes the server's count on success, and unlikes with DELETE", async () => {
    const { callsTo } = setup({
      posts: [post(1, { likeCount: 3, likedByMe: true })],
      extra: { [`DELETE /api/posts/${uuid(1)}/like`]: json(200, { liked: false, likeCount: 7 }) },
    });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(likeButton(card));
    await waitFor(() => expect(likeButton(card).getAttribute("aria-label")).toBe("7 likes, Like"));
    expect(likeButton(card).getAttribute("aria-pressed")).toBe("false");
    expect(callsTo(`DELETE /api/posts/${uuid(1)}/like`)).toHaveLength(1);
  });
});

describe("comments", () => {
  it("opens one post's comments at a time, and sends a comment ('Sending...')", async () => {
    const send = deferred();
    setup({
      posts: [post(1, { commentCount: 1 }), post(2, { commentCount: 0 })],
      extra: {
        [`GET /api/posts/${uuid(1)}/comments`]: json(200, { comments: [comment(1, uuid(1), "First!")] }),
        [`GET /api/posts/${uuid(2)}/comments`]: json(200, { comments: [] }),
        [`POST /api/posts/${uuid(2)}/comments`]: send.handler,
      },
    });
    const first = article(await screen.findByText("Post number 1"));
    const second = article("Post number 2");
    const toggle1 = within(first).getByRole("button", { name: "1 comment" });
    const toggle2 = within(second).getByRole("button", { name: "0 comments" });

    fireEvent.click(toggle1);
    expect(await within(first).findByText("First!")).toBeTruthy();
    expect(toggle1.getAttribute("aria-expanded")).toBe("true");

    fireEvent.click(toggle2);
    expect(await within(second).findByText("No comments yet. Start the conversation!")).toBeTruthy();
    expect(within(first).queryByText("First!")).toBeNull();
    expect(toggle1.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getAllByLabelText("Write a comment")).toHaveLength(1);

    const box = within(second).getByLabelText("Write a comment") as HTMLTextAreaElement;
    expect(box.getAttribute("rows")).toBe("2");
    const sendButton = within(second).getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(sendButton.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "Great track" } });
    fireEvent.click(sendButton);
    expect(await within(second).findByRole("button", { name: "Sending..." })).toBeTruthy();
    send.release(json(201, { comment: comment(2, uuid(2), "Great track"), commentCount: 1 }));
    expect(await within(second).findByText("Great track", { selector: ".post-content" })).toBeTruthy();
    expect(within(second).getByRole("button", { name: "1 comment" })).toBeTruthy();
    expect(box.value).toBe("");
  });

  it("says 'Failed to load comments' and 'Failed to create comment'", async () => {
    setup({
      posts: [post(1, { commentCount: 2 })],
      extra: {
        [`GET /api/posts/${uuid(1)}/comments`]: apiError(403, "forbidden", "no"),
        [`POST /api/posts/${uuid(1)}/comments`]: apiError(500, "internal", "boom"),
      },
    });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(within(card).getByRole("button", { name: "2 comments" }));
    expect(await within(card).findByText("Failed to load comments")).toBeTruthy();
    fireEvent.change(within(card).getByLabelText("Write a comment"), { target: { value: "hello" } });
    fireEvent.click(within(card).getByRole("button", { name: "Send" }));
    expect(await within(card).findByText("Failed to create comment")).toBeTruthy();
  });
});

describe("deleting a post", () => {
  it("shows Delete only when canDelete", async () => {
    setup({ posts: [post(1, { canDelete: false }), post(2, { canDelete: true, author: SELF })] });
    const other = article(await screen.findByText("Post number 1"));
    const own = article("Post number 2");
    expect(within(other).queryByRole("button", { name: "Delete post" })).toBeNull();
    expect(within(own).getByRole("button", { name: "Delete post" })).toBeTruthy();
    // Members report others' posts, not their own.
    expect(within(other).getByRole("button", { name: "Report post" })).toBeTruthy();
    expect(within(own).queryByRole("button", { name: "Report post" })).toBeNull();
  });

  it("confirms in 'Delete Post': Cancel keeps it; Delete reads 'Deleting...', removes it and closes", async () => {
    const remove = deferred();
    const { callsTo } = setup({ posts: [post(1, { canDelete: true }), post(2)], extra: { [`DELETE /api/posts/${uuid(1)}`]: remove.handler } });
    const card = article(await screen.findByText("Post number 1"));

    fireEvent.click(within(card).getByRole("button", { name: "Delete post" }));
    let dialog = screen.getByRole("dialog", { name: "Delete Post" });
    expect(dialog.textContent).toContain("Are you sure you want to delete this post? This action cannot be undone.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(`DELETE /api/posts/${uuid(1)}`)).toHaveLength(0);

    fireEvent.click(within(card).getByRole("button", { name: "Delete post" }));
    dialog = screen.getByRole("dialog", { name: "Delete Post" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("button", { name: "Deleting..." })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Post number 1")).toBeNull()); // optimistic
    remove.release(json(204, null));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText("Post number 1")).toBeNull();
    expect(screen.getByText("Post number 2")).toBeTruthy();
  });

  it("puts the post back where it was and says 'Failed to delete post' when the server refuses", async () => {
    setup({
      posts: [post(1), post(2, { canDelete: true }), post(3)],
      extra: { [`DELETE /api/posts/${uuid(2)}`]: apiError(500, "internal", "boom") },
    });
    const card = article(await screen.findByText("Post number 2"));
    fireEvent.click(within(card).getByRole("button", { name: "Delete post" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Post" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText("Failed to delete post")).toBeTruthy();
    const contents = screen.getAllByText(/^Post number/, { selector: ".post-content" }).map((p) => p.textContent);
    expect(contents).toEqual(["Post number 1", "Post number 2", "Post number 3"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("alert").textContent).toContain("Failed to delete post"); // the page's red banner
  });
});

describe("share and report", () => {
  it("copies the post's address when the Web Share API is missing", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", Object.create(navigator, { clipboard: { value: { writeText } }, share: { value: undefined } }));
    setup({ posts: [post(1)] });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(within(card).getByRole("button", { name: "Share" }));
    expect(await within(card).findByText("Link copied")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/social/post/${uuid(1)}`);
  });

  it("uses the Web Share API where there is one", async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal("navigator", Object.create(navigator, { share: { value: share } }));
    setup({ posts: [post(1)] });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(within(card).getByRole("button", { name: "Share" }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: "A post by dj_rita", url: `${window.location.origin}/social/post/${uuid(1)}` }));
  });

  it("reports with a reason and details, thanks the reader, and says when it was already reported", async () => {
    let reported = false;
    const { callsTo } = setup({
      posts: [post(1)],
      extra: {
        [`POST /api/posts/${uuid(1)}/reports`]: () => {
          if (reported) return apiError(409, "already_reported", "You have already reported this post");
          reported = true;
          return json(201, { ok: true });
        },
      },
    });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(within(card).getByRole("button", { name: "Report post" }));
    let dialog = screen.getByRole("dialog", { name: "Report Post" });
    const submit = within(dialog).getByRole("button", { name: "Send Report" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getAllByRole("radio")).toHaveLength(6);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Harassment or bullying" }));
    fireEvent.change(within(dialog).getByLabelText("Details (optional)"), { target: { value: "  rude  " } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText("Thanks, we will review this post")).toBeTruthy();
    expect(sentJson(callsTo(`POST /api/posts/${uuid(1)}/reports`)[0])).toEqual({ reason: "harassment", details: "rude" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));

    fireEvent.click(within(card).getByRole("button", { name: "Report post" }));
    dialog = screen.getByRole("dialog", { name: "Report Post" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    expect(await within(dialog).findByText("You have already reported this post")).toBeTruthy();
  });
});

describe("reporting a comment", () => {
  const OTHERS = { ...comment(2, uuid(1), "Buy followers at spam.example"), author: OTHER };

  it("reports another member's comment, not one's own, and says when it was already reported", async () => {
    let reported = false;
    const { callsTo } = setup({
      posts: [post(1, { commentCount: 2 })],
      extra: {
        [`GET /api/posts/${uuid(1)}/comments`]: json(200, { comments: [comment(1, uuid(1), "My own words"), OTHERS] }),
        [`POST /api/posts/${uuid(1)}/comments/c2/reports`]: () => {
          if (reported) return apiError(409, "already_reported", "You have already reported this comment");
          reported = true;
          return json(201, { ok: true });
        },
      },
    });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(within(card).getByRole("button", { name: "2 comments" }));
    const own = (await within(card).findByText("My own words")).closest("li")!;
    const others = within(card).getByText("Buy followers at spam.example").closest("li")!;
    expect(within(own).queryByRole("button", { name: /Report/ })).toBeNull();

    fireEvent.click(within(others).getByRole("button", { name: "Report comment by dj_rita" }));
    let dialog = screen.getByRole("dialog", { name: "Report Comment" });
    expect(within(dialog).getByRole("group", { name: "Why are you reporting this comment?" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or advertising" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    expect(await within(dialog).findByText("Thanks, we will review this comment")).toBeTruthy();
    expect(sentJson(callsTo(`POST /api/posts/${uuid(1)}/comments/c2/reports`)[0])).toEqual({ reason: "spam" });
    expect(callsTo(`POST /api/posts/${uuid(1)}/reports`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));

    fireEvent.click(within(others).getByRole("button", { name: "Report comment by dj_rita" }));
    dialog = screen.getByRole("dialog", { name: "Report Comment" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Something else" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Report" }));
    expect(await within(dialog).findByText("You have already reported this comment")).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    setup({
      locale: "pt-BR",
      posts: [post(1, { commentCount: 1 })],
      extra: { [`GET /api/posts/${uuid(1)}/comments`]: json(200, { comments: [OTHERS] }) },
    });
    const card = article(await screen.findByText("Post number 1"));
    fireEvent.click(within(card).getByRole("button", { name: "1 comentário" }));
    fireEvent.click(await within(card).findByRole("button", { name: "Denunciar comentário de dj_rita" }));
    const dialog = screen.getByRole("dialog", { name: "Denunciar Comentário" });
    expect(within(dialog).getByRole("group", { name: "Por que você está denunciando este comentário?" })).toBeTruthy();
  });
});

describe("the list", () => {
  it("says 'No posts yet', and 'Failed to load posts' in a red banner with Try Again", async () => {
    setup({ extra: { "GET /api/posts": apiError(403, "forbidden", "no") } });
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toContain("Failed to load posts");
    expect(within(banner).getByRole("button", { name: "Try Again" })).toBeTruthy();
    cleanup();
    setup();
    expect(await screen.findByText("No posts yet")).toBeTruthy();
  });

  it("loads the next page with its cursor from 'Load more' and when the end of the list comes into view", async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        targets: Element[] = [];
        constructor(readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        disconnect() {
          this.targets = [];
        }
      },
    );
    const posts = Array.from({ length: 5 }, (_, i) => post(i + 1));
    const { callsTo } = setup({ posts, pageSize: 2 });
    await screen.findByText("Post number 2");
    expect(screen.queryByText("Post number 3")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Post number 4")).toBeTruthy();
    expect(callsTo("GET /api/posts").map(([input]) => new URL(String(input), "http://x").search)).toEqual(["", "?cursor=2"]);

    const live = observers.filter((o) => o.targets.length > 0).at(-1)!;
    act(() => live.callback([{ isIntersecting: true } as IntersectionObserverEntry], live as unknown as IntersectionObserver));
    expect(await screen.findByText("Post number 5")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("You're all caught up")).toBeTruthy();
  });
});

describe("live updates", () => {
  it("offers '{count} new posts' without moving the list, and shows them when asked", async () => {
    const posts = [post(1), post(2)];
    setup({ posts });
    await screen.findByText("Post number 1");
    const socket = FakeWebSocket.last;
    expect(socket.url).toBe(`ws://${window.location.host}/api/feed/live`);
    act(() => socket.accept());

    act(() => socket.events({ type: "post.created", postId: uuid(90), authorId: OTHER.id }));
    expect(screen.getByRole("button", { name: "1 new post" })).toBeTruthy();
    act(() => socket.events({ type: "post.created", postId: uuid(91), authorId: OTHER.id }, { type: "post.created", postId: uuid(90), authorId: OTHER.id }));
    expect(screen.getByRole("button", { name: "2 new posts" })).toBeTruthy();
    // Nothing was inserted: the reader's place is kept.
    expect(screen.getAllByText(/^Post number/, { selector: ".post-content" })).toHaveLength(2);

    posts.unshift(post(91, { content: "Newest", createdAt: new Date().toISOString() }), post(90, { content: "Newer", createdAt: new Date().toISOString() }));
    fireEvent.click(screen.getByRole("button", { name: "2 new posts" }));
    await screen.findByText("Newest", { selector: ".post-content" });
    expect(screen.getAllByText(/./, { selector: ".post-content" }).map((p) => p.textContent)).toEqual(["Newest", "Newer", "Post number 1", "Post number 2"]);
    expect(screen.queryByRole("button", { name: /new post/ })).toBeNull();
  });

  it("changes counts in place, removes deleted posts and ignores malformed frames", async () => {
    setup({ posts: [post(1, { likeCount: 1, commentCount: 0 }), post(2)] });
    const card = article(await screen.findByText("Post number 1"));
    const socket = FakeWebSocket.last;
    act(() => socket.accept());
    act(() => {
      socket.receive("not json");
      socket.receive({ type: "events", events: "nope" });
      socket.receive({ type: "events", events: [{ type: "like.changed", postId: uuid(1) }] }); // no count: dropped
      socket.receive("pong");
    });
    act(() => socket.events({ type: "like.changed", postId: uuid(1), likeCount: 12 }, { type: "comment.added", postId: uuid(1), commentCount: 4 }));
    // The cache notifies its observers on the next tick.
    await waitFor(() => expect(likeButton(card).getAttribute("aria-label")).toBe("12 likes, Like"));
    expect(within(card).getByRole("button", { name: "4 comments" })).toBeTruthy();
    expect(article("Post number 1")).toBe(card); // the same element, changed in place

    act(() => socket.events({ type: "post.deleted", postId: uuid(2) }));
    await waitFor(() => expect(screen.queryByText("Post number 2")).toBeNull());
  });

  it("catches up from the first page after a reconnect: counts, deletions, new posts", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0); // the shortest wait: 0.5 s
    const posts = [post(1, { likeCount: 1 }), post(2), post(3)];
    const { callsTo } = setup({ posts });
    await screen.findByText("Post number 3");
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.drop(1006));

    // While away: post 1 got likes, post 2 was deleted, someone posted.
    posts.splice(0, 3, post(10, { content: "Missed while away", createdAt: new Date().toISOString() }), post(1, { likeCount: 5 }), post(3));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 2000 });
    expect(callsTo("GET /api/posts")).toHaveLength(1);
    act(() => FakeWebSocket.last.accept());

    await waitFor(() => expect(likeButton(article("Post number 1")).getAttribute("aria-label")).toBe("5 likes, Like"));
    expect(screen.queryByText("Post number 2")).toBeNull();
    expect(screen.queryByText("Missed while away")).toBeNull(); // offered, not inserted
    expect(screen.getByRole("button", { name: "1 new post" })).toBeTruthy();
  });

  it("does not count the reader's own post as new while it is being posted", async () => {
    const create = deferred();
    setup({ posts: [post(1)], extra: { "POST /api/posts": create.handler } });
    await screen.findByText("Post number 1");
    const socket = FakeWebSocket.last;
    act(() => socket.accept());
    fireEvent.change(screen.getByLabelText("Share something with the community"), { target: { value: "mine" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await screen.findByRole("button", { name: "Posting..." });
    act(() => socket.events({ type: "post.created", postId: uuid(77), authorId: ME.id }));
    create.release(json(201, { post: post(77, { author: SELF, content: "mine" }) }));
    await screen.findByText("mine", { selector: ".post-content" });
    expect(screen.queryByRole("button", { name: /new post/ })).toBeNull();
  });
});

describe("useFeedSocket", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("pings every 30 seconds while open", () => {
    renderHook(() => useFeedSocket({ onEvents: () => {} }));
    const socket = FakeWebSocket.last;
    act(() => socket.accept());
    act(() => vi.advanceTimersByTime(30_000));
    expect(socket.sent).toEqual(["ping"]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(socket.sent).toEqual(["ping", "ping", "ping"]);
  });

  it("hands over the events of well-formed frames only", () => {
    const onEvents = vi.fn();
    renderHook(() => useFeedSocket({ onEvents }));
    const socket = FakeWebSocket.last;
    act(() => socket.accept());
    act(() => {
      socket.receive("{");
      socket.receive({ type: "other", events: [] });
      socket.events({ type: "post.deleted", postId: "p1" }, { type: "bogus" } as unknown as FeedEvent);
    });
    expect(onEvents).toHaveBeenCalledTimes(1);
    expect(onEvents).toHaveBeenCalledWith([{ type: "post.deleted", postId: "p1" }]);
  });

  it("never reconnects after close code 4401 (the session ended)", () => {
    const onSessionEnded = vi.fn();
    const { result } = renderHook(() => useFeedSocket({ onEvents: () => {}, onSessionEnded }));
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.drop(4401));
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(result.current).toBe("ended");
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("reconnects after an abnormal close with growing, capped delays, and resynchronises", () => {
    vi.spyOn(Math, "random").mockReturnValue(1); // the top of each jitter range
    const onResync = vi.fn();
    const { result, unmount } = renderHook(() => useFeedSocket({ onEvents: () => {}, onResync }));
    act(() => FakeWebSocket.last.accept());
    expect(onResync).not.toHaveBeenCalled(); // the first connection has nothing to catch up on

    act(() => FakeWebSocket.last.drop(1006));
    expect(result.current).toBe("reconnecting");
    act(() => vi.advanceTimersByTime(999));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(2);

    // Fails again before opening: 2 s.
    act(() => FakeWebSocket.last.drop(1006));
    act(() => vi.advanceTimersByTime(1_999));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(3);

    act(() => FakeWebSocket.last.accept());
    expect(result.current).toBe("open");
    expect(onResync).toHaveBeenCalledTimes(1);

    // Open, but dropped at once: no fresh start, the next wait is 4 s.
    act(() => FakeWebSocket.last.drop(1011));
    act(() => vi.advanceTimersByTime(3_999));
    expect(FakeWebSocket.instances).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(4);

    // Up for a while, then dropped: the backoff starts over at 1 s.
    act(() => FakeWebSocket.last.accept());
    act(() => vi.advanceTimersByTime(15_000));
    act(() => FakeWebSocket.last.drop(1006));
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.instances).toHaveLength(5);

    unmount();
    expect(FakeWebSocket.last.closedWith).toBe(1000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(5);
  });

  it("keeps delays within 50-100% of an exponential ceiling of at most 30 s", () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
    expect(parseFeedFrame("x".repeat(100_000))).toEqual([]);
  });
});

describe("/social/post/{id}", () => {
  it("shows the post with its comments open", async () => {
    setup({
      url: `/social/post/${uuid(5)}`,
      extra: {
        [`GET /api/posts/${uuid(5)}`]: json(200, { post: post(5, { commentCount: 1 }) }),
        [`GET /api/posts/${uuid(5)}/comments`]: json(200, { comments: [comment(1, uuid(5), "Nice one")] }),
      },
    });
    const card = article(await screen.findByText("Post number 5"));
    expect(await within(card).findByText("Nice one")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "1 comment" }).getAttribute("aria-expanded")).toBe("true");
    // The tab names the author (the brand is added by the shell's configuration, absent here).
    await waitFor(() => expect(document.title).toBe("Post by dj_rita"));
  });

  it("says 'Post not found' for a 404 and for an id that cannot exist (without asking)", async () => {
    setup({ url: `/social/post/${uuid(6)}`, extra: { [`GET /api/posts/${uuid(6)}`]: apiError(404, "post_not_found", "Post not found") } });
    expect(await screen.findByText("Post not found")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Back to the feed" })[0]!.getAttribute("href")).toBe("/social");
    cleanup();
    // An id that cannot exist is the app's not-found page, before anything is asked.
    const { callsTo } = setup({ url: "/social/post/not-an-id" });
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(callsTo("GET /api/posts/not-an-id")).toHaveLength(0);
    expect(callsTo("GET /api/posts/not-an-id/teaser")).toHaveLength(0);
  });

  it("shows a visitor who shared the post and the way in, never the post; /social still asks them to sign in", async () => {
    const { callsTo, router } = setup({
      me: null,
      url: `/social/post/${uuid(5)}`,
      extra: {
        [`GET /api/posts/${uuid(5)}/teaser`]: json(200, {
          teaser: {
            id: uuid(5),
            author: { username: "dj_rita", avatarUrl: null },
            createdAt: "2026-11-01T10:00:00.000Z",
            visibility: "members",
            official: false,
            content: null,
            image: null,
          },
        }),
      },
    });
    expect(await screen.findByRole("heading", { name: "A post in the Neon Test Brand community" })).toBeTruthy();
    expect(screen.getByText("Shared by dj_rita")).toBeTruthy();
    const signIn = screen.getByRole("link", { name: "Sign In" });
    expect(signIn.getAttribute("href")).toBe(`/social/login?redirect=${encodeURIComponent(`/social/post/${uuid(5)}`)}`);
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/social/signup");
    expect(callsTo(`GET /api/posts/${uuid(5)}`)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(`/social/post/${uuid(5)}`);
    await waitFor(() => expect(document.title).toBe("A post in the Neon Test Brand community"));
    cleanup();
    const feed = setup({ me: null });
    await waitFor(() => expect(feed.router.state.location.pathname).toBe("/social/login"));
  });

  it("says 'Post not found' to a visitor when the post is gone", async () => {
    setup({ me: null, url: `/social/post/${uuid(7)}`, extra: { [`GET /api/posts/${uuid(7)}/teaser`]: apiError(404, "post_not_found", "Post not found") } });
    expect(await screen.findByText("Post not found")).toBeTruthy();
  });
});

describe("in Portuguese", () => {
  it("speaks Brazilian Portuguese throughout", async () => {
    const create = deferred();
    setup({
      locale: "pt-BR",
      posts: [post(1, { commentCount: 2, likeCount: 1, canDelete: true })],
      extra: { "POST /api/posts": create.handler },
    });
    const card = article(await screen.findByText("Post number 1"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Central Social");
    expect(card.querySelector("time")!.textContent).toBe("há 5 minutos");
    expect(likeButton(card).getAttribute("aria-label")).toBe("1 curtida, Curtir");
    expect(within(card).getByRole("button", { name: "2 comentários" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Compartilhar" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Compartilhe algo com a comunidade"), { target: { value: "Olá" } });
    fireEvent.click(screen.getByRole("button", { name: "Publicar" }));
    expect(await screen.findByRole("button", { name: "Publicando..." })).toBeTruthy();

    fireEvent.click(within(card).getByRole("button", { name: "Excluir publicação" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir Publicação" });
    expect(dialog.textContent).toContain("Tem certeza de que deseja excluir esta publicação? Esta ação não pode ser desfeita.");
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));

    const socket = FakeWebSocket.last;
    act(() => socket.accept());
    act(() => socket.events({ type: "post.created", postId: uuid(80), authorId: OTHER.id }));
    expect(screen.getByRole("button", { name: "1 nova publicação" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Imagem (opcional)"), { target: { files: [new File(["x"], "a.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Selecione um arquivo de imagem")).toBeTruthy();
    create.release(json(201, { post: post(81, { author: SELF, content: "Olá" }) }));
    await screen.findByText("Olá", { selector: ".post-content" });
  });
});

describe("who can read a post: visibility, official and pinned posts", () => {
  const ADMIN = sessionUser({ isAdmin: true });
  const ARTIST = { id: null, username: "Lola Rivera", avatarUrl: null, isVIP: false };
  const settings = { "GET /api/admin/settings": json(200, { settings: { artistName: "Lola Rivera" } }) };
  const INNER_CIRCLE = { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } };
  const tierChoices = {
    "GET /api/admin/tier-choices": json(200, {
      tiers: [
        { id: "member", rank: 0, name: { en: "Member", ptBR: "Membro" }, archived: false },
        { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, archived: false },
        { ...INNER_CIRCLE, rank: 2, archived: false },
        { id: "old-guard", rank: 3, name: { en: "Old Guard", ptBR: "Velha Guarda" }, archived: true },
      ],
    }),
  };
  const visibilityBox = () => screen.getByLabelText("Who can read it") as HTMLSelectElement;
  const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => [o.value, o.textContent]);

  it("lets a member choose Members (the default) or Public, never VIP only, and goes back to Members after posting", async () => {
    const { callsTo } = setup({ extra: { "POST /api/posts": json(201, { post: post(90, { author: SELF, content: "Open to all", visibility: "public" }) }) } });
    await screen.findByText("No posts yet");
    expect(visibilityBox().value).toBe("members");
    expect(optionsOf(visibilityBox())).toEqual([
      ["members", "Members"],
      ["public", "Public"],
    ]);
    expect(screen.getByText("Public posts can be read by anyone with the link, even without an account.")).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(callsTo("GET /api/admin/settings")).toHaveLength(0);

    fireEvent.change(visibilityBox(), { target: { value: "public" } });
    fireEvent.change(screen.getByLabelText("Share something with the community"), { target: { value: "Open to all" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await screen.findByText("Open to all", { selector: ".post-content" });
    expect(sentJson(callsTo("POST /api/posts")[0])).toEqual({ content: "Open to all", visibility: "public" });
    expect(visibilityBox().value).toBe("members");
  });

  it("lets an admin also choose VIP only and post as the artist, pinned; Pin to top waits for Post as", async () => {
    const made = post(91, { author: ARTIST, content: "Tour dates soon", visibility: "vip", official: true, pinned: true, canDelete: true });
    const { callsTo } = setup({ me: ADMIN, extra: { ...settings, ...tierChoices, "POST /api/posts": json(201, { post: made }) } });
    await screen.findByText("No posts yet");
    expect(optionsOf(visibilityBox()).map(([value]) => value)).toEqual(["members", "public", "vip"]);
    const official = (await screen.findByRole("checkbox", { name: "Post as Lola Rivera" })) as HTMLInputElement;
    const pinBox = screen.getByRole("checkbox", { name: "Pin to top" }) as HTMLInputElement;
    expect(pinBox.disabled).toBe(true);
    fireEvent.click(official);
    expect(pinBox.disabled).toBe(false);
    fireEvent.click(pinBox);
    fireEvent.change(visibilityBox(), { target: { value: "vip" } });
    fireEvent.change(screen.getByLabelText("Share something with the community"), { target: { value: "Tour dates soon" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await screen.findByText("Tour dates soon", { selector: ".post-content" });
    expect(sentJson(callsTo("POST /api/posts")[0])).toEqual({
      content: "Tour dates soon",
      visibility: "vip",
      tiers: { minTier: "vip" },
      official: true,
      pinned: true,
    });
    expect(official.checked).toBe(false);
    expect(pinBox.checked).toBe(false);
  });

  it("lets an admin give a post to chosen tiers or to a tier and above, and names the tiers on a locked post", async () => {
    const made = post(92, { content: "Stems night", visibility: "vip", tiers: { tierIds: [INNER_CIRCLE] } });
    const { callsTo } = setup({ me: ADMIN, extra: { ...settings, ...tierChoices, "POST /api/posts": json(201, { post: made }) } });
    await screen.findByText("No posts yet");
    fireEvent.change(visibilityBox(), { target: { value: "vip" } });
    const mode = (await screen.findByRole("combobox", { name: "Which tiers" })) as HTMLSelectElement;
    expect(optionsOf(screen.getByLabelText("Lowest tier") as HTMLSelectElement)).toEqual([
      ["vip", "VIP"],
      ["inner-circle", "Inner Circle"],
      ["old-guard", "Old Guard (archived)"],
    ]);
    fireEvent.change(mode, { target: { value: "chosen" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Inner Circle" }));
    fireEvent.change(screen.getByLabelText("Share something with the community"), { target: { value: "Stems night" } });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    await screen.findByText("Stems night", { selector: ".post-content" });
    expect(sentJson(callsTo("POST /api/posts")[0])).toEqual({ content: "Stems night", visibility: "vip", tiers: { tierIds: ["inner-circle"] } });
    cleanup();

    for (const [locale, title, badge, cta] of [
      ["en", "This post is for Inner Circle and above", "Inner Circle and above", "See the membership tiers"],
      ["pt-BR", "Esta publicação é para Círculo Íntimo e acima", "Círculo Íntimo e acima", "Ver os níveis de assinatura"],
    ] as const) {
      setup({ locale, posts: [post(10, { visibility: "vip", tiers: { minTier: INNER_CIRCLE }, locked: true, content: "" })] });
      const card = (await screen.findByText(title)).closest("article")!;
      expect(within(card).getByText(badge)).toBeTruthy();
      expect(within(card).getByRole("link", { name: cta }).getAttribute("href")).toBe("/vip-signup");
      cleanup();
    }
  });

  it("shows the official, pinned and who-can-read badges; an official post's author links to no profile", async () => {
    setup({
      posts: [
        post(1, { author: ARTIST, official: true, pinned: true, visibility: "public", content: "From the artist" }),
        post(2, { visibility: "vip", content: "For the VIPs" }),
        post(3, { content: "For the members" }),
      ],
    });
    const official = article(await screen.findByText("From the artist"));
    expect(within(official).getByText("Lola Rivera").tagName).toBe("SPAN");
    expect(within(official).queryByRole("link", { name: "Lola Rivera" })).toBeNull();
    expect(within(official).getByText("Official")).toBeTruthy();
    expect(within(official).getByText("Pinned")).toBeTruthy();
    expect(within(official).getByText("Public")).toBeTruthy();
    expect(within(article(screen.getByText("For the VIPs"))).getByText("VIP only")).toBeTruthy();
    const plain = article(screen.getByText("For the members"));
    for (const badge of ["Official", "Pinned", "Public", "VIP only"]) expect(within(plain).queryByText(badge)).toBeNull();
    // Pinning is for admins.
    expect(within(official).queryByRole("button", { name: "Unpin" })).toBeNull();
  });

  it("shows a locked VIP-only post as a teaser: who and when, no text, picture, likes or comments, and the way to VIP", async () => {
    setup({ posts: [post(4, { visibility: "vip", locked: true, content: "", image: null })] });
    const card = (await screen.findByText("This post is for VIP members")).closest("article")!;
    expect(within(card).getByRole("link", { name: "dj_rita" })).toBeTruthy();
    expect(card.querySelector("time")!.textContent).toBe("20 minutes ago");
    expect(within(card).getByText("VIP only")).toBeTruthy();
    expect(card.querySelector(".post-content")).toBeNull();
    expect(card.querySelectorAll("img")).toHaveLength(1); // the avatar
    expect(within(card).queryByRole("button", { name: /^Like/ })).toBeNull();
    expect(within(card).queryByRole("button", { name: /comment/ })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Report post" })).toBeNull();
    expect(within(card).getByRole("link", { name: "Become VIP to read" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("lets an admin pin and unpin an official post, and says why the server refused", async () => {
    const shown = post(5, { author: ARTIST, official: true, content: "News from the studio", canDelete: true });
    const listed = [shown];
    let refuse = true;
    const patch = () => {
      if (refuse) return apiError(409, "pin_limit", "At most 3 posts can be pinned. Unpin one first.", undefined, { max: 3 });
      listed[0] = { ...shown, pinned: true }; // the feed, read again, has it pinned too
      return json(200, { post: listed[0] });
    };
    const { callsTo } = setup({ me: ADMIN, posts: listed, extra: { ...settings, [`PATCH /api/posts/${uuid(5)}`]: patch } });
    const card = article(await screen.findByText("News from the studio"));
    fireEvent.click(within(card).getByRole("button", { name: "Pin to top" }));
    expect(await screen.findByText("At most 3 posts can be pinned. Unpin one first.")).toBeTruthy();
    expect(sentJson(callsTo(`PATCH /api/posts/${uuid(5)}`)[0])).toEqual({ pinned: true });

    refuse = false;
    fireEvent.click(within(card).getByRole("button", { name: "Pin to top" }));
    expect(await within(card).findByRole("button", { name: "Unpin" })).toBeTruthy();
    expect(within(card).getByText("Pinned")).toBeTruthy();
    // A member's post cannot be pinned: no button.
    cleanup();
    setup({ me: ADMIN, posts: [post(6, { content: "A member's post" })], extra: settings });
    const memberCard = article(await screen.findByText("A member's post"));
    expect(within(memberCard).queryByRole("button", { name: "Pin to top" })).toBeNull();
  });

  it("shows a visitor a public post whole, and a VIP-only one as a teaser with the way to VIP", async () => {
    const teaser = (n: number, extra: object) => ({
      [`GET /api/posts/${uuid(n)}/teaser`]: json(200, {
        teaser: { id: uuid(n), author: { username: "dj_rita", avatarUrl: null }, createdAt: "2026-11-01T10:00:00.000Z", official: false, ...extra },
      }),
    });
    setup({
      me: null,
      url: `/social/post/${uuid(8)}`,
      extra: teaser(8, { visibility: "public", content: "Free show on Friday!", image: { url: "/uploads/posts/x.jpg", width: 800, height: 600 } }),
    });
    expect(await screen.findByText("Free show on Friday!")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image shared by dj_rita" }).getAttribute("width")).toBe("800");
    expect(screen.getByText("Sign in to like and comment, or create an account to join the community.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Post by dj_rita · Neon Test Brand"));
    cleanup();

    setup({ me: null, url: `/social/post/${uuid(9)}`, extra: teaser(9, { visibility: "vip", content: null, image: null }) });
    expect(await screen.findByText("This post is for VIP members. Sign in with a VIP membership to read it.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become VIP to read" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("img", { name: /Image shared/ })).toBeNull();
  });

  it("speaks Brazilian Portuguese", async () => {
    setup({
      locale: "pt-BR",
      me: ADMIN,
      extra: settings,
      posts: [post(7, { visibility: "vip", locked: true, content: "" }), post(8, { author: ARTIST, official: true, pinned: true, content: "Oi" })],
    });
    expect(await screen.findByText("Esta publicação é para membros VIP")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Seja VIP para ler" })).toBeTruthy();
    const official = article(screen.getByText("Oi"));
    expect(within(official).getByText("Oficial")).toBeTruthy();
    expect(within(official).getByText("Fixada")).toBeTruthy();
    expect(within(official).getByRole("button", { name: "Desafixar" })).toBeTruthy();
    expect(optionsOf(screen.getByLabelText("Quem pode ler") as HTMLSelectElement).map(([, text]) => text)).toEqual([
      "Membros",
      "Público",
      "Níveis de assinatura",
    ]);
    expect(await screen.findByRole("checkbox", { name: "Publicar como Lola Rivera" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Fixar no topo" })).toBeTruthy();
  });
});
