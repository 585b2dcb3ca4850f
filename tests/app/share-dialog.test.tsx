// The music share dialog for a track and for an album, in English and Portuguese: the networks'
// share links (exact, encoded), the device's share sheet only where the browser has one, the
// copied link and embed code, and what the status line says when something works or fails.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AlbumDetail, TrackView } from "../../worker/contracts/music/music";
import { ShareDialog, type ShareTarget } from "../../app/features/music/catalog/ShareDialog";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { Route as AlbumRoute } from "../../app/routes/music/catalog/$id";
import { pageEngine } from "../../app/features/music/player/PlayerProvider";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";
import { moonlightTrack } from "./fixtures/tracks";

const ORIGIN = window.location.origin;
const O = encodeURIComponent(ORIGIN);

const TRACK = moonlightTrack();
/** Accents, an ampersand and a middle dot: everything the links must encode and the snippet escape. */
const ACCENTED: TrackView = {
  ...TRACK,
  id: "satin-and-neon-2",
  title: "Coração & Néon",
  albumId: "satin-and-neon",
  albumTitle: "Satin & Neon",
  albumYear: 1989,
};
const ALBUM: AlbumDetail = {
  notes: null,
  id: "satin-and-neon",
  title: "Satin & Neon",
  year: 1989,
  type: "Album",
  earlyAccess: false,
  releaseAt: null,
  preorder: false,
  coverUrl: null,
  position: 0,
  trackCount: 1,
  tracks: [ACCENTED],
};

const TRACK_TARGET: ShareTarget = { kind: "track", track: TRACK };
const ACCENTED_TARGET: ShareTarget = { kind: "track", track: ACCENTED };
const ALBUM_TARGET: ShareTarget = { kind: "album", album: ALBUM };

type NavigatorExtras = {
  clipboard?: { writeText: (text: string) => Promise<void> } | undefined;
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

/** A navigator with exactly these share features (happy-dom's has no share(), like desktop Firefox). */
function stubNavigator(extras: NavigatorExtras = {}) {
  vi.stubGlobal("navigator", { ...navigator, languages: ["en"], clipboard: undefined, ...extras });
}

function renderDialog(target: ShareTarget, locale: Locale = "en") {
  const onClose = vi.fn();
  render(
    <I18nProvider initialLocale={locale}>
      <ShareDialog {...target} onClose={onClose} />
    </I18nProvider>,
  );
  return { dialog: screen.getByRole("dialog"), onClose };
}

const hrefOf = (dialog: HTMLElement, name: string) => within(dialog).getByRole("link", { name }).getAttribute("href");
const statusOf = (dialog: HTMLElement) => within(dialog).getByRole("status");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("ShareDialog for a track (English)", () => {
  it("is titled 'Share this track' and links to WhatsApp, Telegram, X and Facebook with the encoded address and text", () => {
    stubNavigator();
    const { dialog } = renderDialog(TRACK_TARGET);
    expect(screen.getByRole("dialog", { name: "Share this track" })).toBe(dialog);
    expect(within(dialog).getByText("Dreamin' of Love · Moonlight Boulevard")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: "Track link" }).getAttribute("value") ?? "").toBe(`${ORIGIN}/music/track/moonlight-boulevard-1`);
    const text = "Dreamin'%20of%20Love%20%C2%B7%20Moonlight%20Boulevard";
    const url = `${O}%2Fmusic%2Ftrack%2Fmoonlight-boulevard-1`;
    expect(hrefOf(dialog, "Share on WhatsApp")).toBe(`https://wa.me/?text=${text}%20${url}`);
    expect(hrefOf(dialog, "Share on Telegram")).toBe(`https://t.me/share/url?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Share on X")).toBe(`https://x.com/intent/post?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Share on Facebook")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    const links = within(dialog).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("aria-label"))).toEqual(["Share on WhatsApp", "Share on Telegram", "Share on X", "Share on Facebook"]);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("encodes accents, '&' and '·' in every link", () => {
    stubNavigator();
    const { dialog } = renderDialog(ACCENTED_TARGET);
    const text = "Cora%C3%A7%C3%A3o%20%26%20N%C3%A9on%20%C2%B7%20Satin%20%26%20Neon";
    const url = `${O}%2Fmusic%2Ftrack%2Fsatin-and-neon-2`;
    expect(hrefOf(dialog, "Share on WhatsApp")).toBe(`https://wa.me/?text=${text}%20${url}`);
    expect(hrefOf(dialog, "Share on Telegram")).toBe(`https://t.me/share/url?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Share on X")).toBe(`https://x.com/intent/post?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Share on Facebook")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
  });

  it("copies the track link and announces 'Link copied to clipboard!'", async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator({ clipboard: { writeText } });
    const { dialog } = renderDialog(TRACK_TARGET);
    expect(statusOf(dialog).textContent).toBe("");
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Link copied to clipboard!"));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/music/track/moonlight-boulevard-1`);
  });

  it("copies the track's embed code, shows it read-only and announces 'Embed code copied!'", async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator({ clipboard: { writeText } });
    const { dialog } = renderDialog(ACCENTED_TARGET);
    expect(within(dialog).queryByRole("textbox", { name: "Embed code" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy embed code" }));
    const snippet =
      `<iframe src="${ORIGIN}/embed/track/satin-and-neon-2" title="Coração &amp; Néon · Satin &amp; Neon" width="480" height="152" ` +
      `style="border:0;border-radius:12px;max-width:100%" loading="lazy" allow="autoplay; encrypted-media" ` +
      `referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Embed code copied!"));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(snippet);
    const box = within(dialog).getByRole("textbox", { name: "Embed code" }) as HTMLTextAreaElement;
    expect(box.tagName).toBe("TEXTAREA");
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe(snippet);
  });

  it("shows the fallback texts when the clipboard refuses, or is missing", async () => {
    stubNavigator({ clipboard: { writeText: vi.fn(async () => Promise.reject(new DOMException("denied", "NotAllowedError"))) } });
    const { dialog } = renderDialog(TRACK_TARGET);
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Could not copy. Select the link and copy it."));
    expect(statusOf(dialog).className).toBe("form-error");
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy embed code" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Could not copy. Select the code and copy it."));
    // The code stays on screen to select by hand.
    expect(within(dialog).getByRole("textbox", { name: "Embed code" })).toBeTruthy();
    cleanup();

    stubNavigator({ clipboard: undefined }); // http:// pages have no navigator.clipboard
    const second = renderDialog(TRACK_TARGET).dialog;
    fireEvent.click(within(second).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(statusOf(second).textContent).toBe("Could not copy. Select the link and copy it."));
  });
});

describe("ShareDialog's native share sheet", () => {
  it("is not offered where navigator.share does not exist", () => {
    stubNavigator();
    const { dialog } = renderDialog(TRACK_TARGET);
    expect(within(dialog).queryByRole("button", { name: "Share…" })).toBeNull();
  });

  it("is not offered where navigator.canShare refuses the link", () => {
    const canShare = vi.fn(() => false);
    stubNavigator({ share: vi.fn(async () => undefined), canShare });
    const { dialog } = renderDialog(TRACK_TARGET);
    expect(within(dialog).queryByRole("button", { name: "Share…" })).toBeNull();
    expect(canShare).toHaveBeenCalledWith({ url: `${ORIGIN}/music/track/moonlight-boulevard-1` });
  });

  it("opens with the track's title, text and address", async () => {
    const share = vi.fn(async () => undefined);
    stubNavigator({ share, canShare: () => true });
    const { dialog } = renderDialog(TRACK_TARGET);
    fireEvent.click(within(dialog).getByRole("button", { name: "Share…" }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: "Dreamin' of Love",
      text: "Dreamin' of Love · Moonlight Boulevard",
      url: `${ORIGIN}/music/track/moonlight-boulevard-1`,
    });
    expect(statusOf(dialog).textContent).toBe("");
  });

  it("opens with the album's title, text and address (no canShare: offered)", async () => {
    const share = vi.fn(async () => undefined);
    stubNavigator({ share });
    const { dialog } = renderDialog(ALBUM_TARGET);
    fireEvent.click(within(dialog).getByRole("button", { name: "Share…" }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({ title: "Satin & Neon", text: "Satin & Neon (1989)", url: `${ORIGIN}/music/catalog/satin-and-neon` }),
    );
  });

  it("stays silent when the person closes the sheet (AbortError)", async () => {
    const share = vi.fn(async () => Promise.reject(new DOMException("Share canceled", "AbortError")));
    stubNavigator({ share });
    const { dialog } = renderDialog(TRACK_TARGET);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Share…" }));
    });
    expect(share).toHaveBeenCalledTimes(1);
    expect(statusOf(dialog).textContent).toBe("");
  });

  it("says so when the sheet fails for another reason", async () => {
    stubNavigator({ share: vi.fn(async () => Promise.reject(new DOMException("no user gesture", "NotAllowedError"))) });
    const { dialog } = renderDialog(TRACK_TARGET);
    fireEvent.click(within(dialog).getByRole("button", { name: "Share…" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Could not open the share menu. Use one of the options below."));
    expect(statusOf(dialog).className).toBe("form-error");
  });
});

describe("ShareDialog for an album (English)", () => {
  it("is titled 'Share this album', links /music/catalog/{id} and copies the album's embed code", async () => {
    const writeText = vi.fn(async () => undefined);
    stubNavigator({ clipboard: { writeText } });
    const { dialog } = renderDialog(ALBUM_TARGET);
    expect(screen.getByRole("dialog", { name: "Share this album" })).toBe(dialog);
    expect(within(dialog).getByRole("textbox", { name: "Album link" }).getAttribute("value")).toBe(`${ORIGIN}/music/catalog/satin-and-neon`);
    const text = "Satin%20%26%20Neon%20(1989)";
    const url = `${O}%2Fmusic%2Fcatalog%2Fsatin-and-neon`;
    expect(hrefOf(dialog, "Share on WhatsApp")).toBe(`https://wa.me/?text=${text}%20${url}`);
    expect(hrefOf(dialog, "Share on Telegram")).toBe(`https://t.me/share/url?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Share on X")).toBe(`https://x.com/intent/post?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Share on Facebook")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);

    fireEvent.click(within(dialog).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Link copied to clipboard!"));
    expect(writeText).toHaveBeenLastCalledWith(`${ORIGIN}/music/catalog/satin-and-neon`);

    fireEvent.click(within(dialog).getByRole("button", { name: "Copy embed code" }));
    const snippet =
      `<iframe src="${ORIGIN}/embed/album/satin-and-neon" title="Satin &amp; Neon" width="480" height="352" ` +
      `style="border:0;border-radius:12px;max-width:100%" loading="lazy" allow="autoplay; encrypted-media" ` +
      `referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Embed code copied!"));
    expect(writeText).toHaveBeenLastCalledWith(snippet);
    expect((within(dialog).getByRole("textbox", { name: "Embed code" }) as HTMLTextAreaElement).value).toBe(snippet);
  });
});

describe("ShareDialog in Portuguese", () => {
  it("shares a track: 'Compartilhar esta faixa', the networks, the share sheet, copied and failed texts", async () => {
    const share = vi.fn(async () => Promise.reject(new TypeError("boom")));
    const writeText = vi.fn(async () => undefined);
    stubNavigator({ share, clipboard: { writeText } });
    const { dialog } = renderDialog(ACCENTED_TARGET, "pt-BR");
    expect(screen.getByRole("dialog", { name: "Compartilhar esta faixa" })).toBe(dialog);
    expect(within(dialog).getByRole("textbox", { name: "Link da faixa" })).toBeTruthy();
    const text = "Cora%C3%A7%C3%A3o%20%26%20N%C3%A9on%20%C2%B7%20Satin%20%26%20Neon";
    const url = `${O}%2Fmusic%2Ftrack%2Fsatin-and-neon-2`;
    expect(hrefOf(dialog, "Compartilhar no WhatsApp")).toBe(`https://wa.me/?text=${text}%20${url}`);
    expect(hrefOf(dialog, "Compartilhar no Telegram")).toBe(`https://t.me/share/url?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Compartilhar no X")).toBe(`https://x.com/intent/post?url=${url}&text=${text}`);
    expect(hrefOf(dialog, "Compartilhar no Facebook")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);

    fireEvent.click(within(dialog).getByRole("button", { name: "Compartilhar…" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Não foi possível abrir o menu de compartilhamento. Use uma das opções abaixo."));
    fireEvent.click(within(dialog).getByRole("button", { name: "Copiar link" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Link copiado para a área de transferência!"));
    expect(writeText).toHaveBeenLastCalledWith(`${ORIGIN}/music/track/satin-and-neon-2`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Copiar código de incorporação" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Código copiado!"));
    expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining(`src="${ORIGIN}/embed/track/satin-and-neon-2"`));
    expect(within(dialog).getByRole("textbox", { name: "Código de incorporação" })).toBeTruthy();
  });

  it("shares an album: 'Compartilhar este álbum', its link and the copy fallbacks", async () => {
    stubNavigator({ clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) } });
    const { dialog } = renderDialog(ALBUM_TARGET, "pt-BR");
    expect(screen.getByRole("dialog", { name: "Compartilhar este álbum" })).toBe(dialog);
    expect(within(dialog).getByRole("textbox", { name: "Link do álbum" }).getAttribute("value")).toBe(`${ORIGIN}/music/catalog/satin-and-neon`);
    expect(within(dialog).queryByRole("button", { name: "Compartilhar…" })).toBeNull();
    const url = `${O}%2Fmusic%2Fcatalog%2Fsatin-and-neon`;
    expect(hrefOf(dialog, "Compartilhar no WhatsApp")).toBe(`https://wa.me/?text=Satin%20%26%20Neon%20(1989)%20${url}`);
    expect(hrefOf(dialog, "Compartilhar no Telegram")).toBe(`https://t.me/share/url?url=${url}&text=Satin%20%26%20Neon%20(1989)`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Copiar link" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Não foi possível copiar. Selecione o link e copie."));
    fireEvent.click(within(dialog).getByRole("button", { name: "Copiar código de incorporação" }));
    await waitFor(() => expect(statusOf(dialog).textContent).toBe("Não foi possível copiar. Selecione o código e copie."));
  });
});

describe("the album page's share button", () => {
  afterEach(() => pageEngine().reset());

  function renderAlbum(locale: Locale) {
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      ...configRoute(),
      "GET /api/music/albums/satin-and-neon": json(200, { album: ALBUM }),
    });
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(AlbumRoute, "/music/catalog/$id", root), stubRoute(root, "/vip-signup")]), "/music/catalog/satin-and-neon", {
      locale,
    });
  }

  it("opens the album's dialog from 'Share Satin & Neon' and gives focus back on Escape", async () => {
    stubNavigator();
    renderAlbum("en");
    const button = await screen.findByRole("button", { name: "Share Satin & Neon" });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole("dialog", { name: "Share this album" });
    expect(within(dialog).getByRole("textbox", { name: "Album link" }).getAttribute("value")).toBe(`${ORIGIN}/music/catalog/satin-and-neon`);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("is named 'Compartilhar Satin & Neon' in Portuguese", async () => {
    stubNavigator();
    renderAlbum("pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Compartilhar Satin & Neon" }));
    expect(screen.getByRole("dialog", { name: "Compartilhar este álbum" })).toBeTruthy();
  });
});
