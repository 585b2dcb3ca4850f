// The music player's visualizers (pure canvas drawings checked against a recording 2D context),
// the <Visualizer> loop, and the full music player popup page driven through its props.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MusicPlayerPopup,
  type MusicPlayerPopupActions,
  type MusicPlayerPopupProps,
  type MusicPlayerPopupState,
} from "../../app/features/music/popup/MusicPlayerPopup";
import { STYLE_STORAGE_KEY, THEME_STORAGE_KEY } from "../../app/components/player/popup/preferences";
import {
  barCount,
  createParticles,
  drawBars,
  drawCircular,
  drawParticles,
  drawWaveform,
  nextStyle,
  nextTheme,
  THEME_NAMES,
  THEMES,
  Visualizer,
  VISUALIZER_STYLES,
  type ParticleState,
  type ThemeName,
  type VisualizerData,
} from "../../app/components/player/visualizers";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import type { TrackView } from "../../worker/contracts/music/music";
import { seedConfig } from "./fixtures/config";

// ---------- A recording 2D context ----------

type Call = { name: string; args: number[] };

/** Records every drawing call with its numeric arguments; styles are plain fields. */
class RecordingContext {
  calls: Call[] = [];
  fillStyle: unknown = "#000";
  strokeStyle: unknown = "#000";
  lineWidth = 1;
  lineCap = "butt";
  lineJoin = "miter";
  globalAlpha = 1;
  shadowBlur = 0;
  shadowColor = "transparent";
  private record(name: string, args: unknown[]) {
    this.calls.push({ name, args: args.filter((a): a is number => typeof a === "number") });
  }
  fillRect(...args: number[]) {
    this.record("fillRect", args);
  }
  clearRect(...args: number[]) {
    this.record("clearRect", args);
  }
  beginPath() {
    this.record("beginPath", []);
  }
  moveTo(...args: number[]) {
    this.record("moveTo", args);
  }
  lineTo(...args: number[]) {
    this.record("lineTo", args);
  }
  arc(...args: number[]) {
    this.record("arc", args);
  }
  stroke() {
    this.record("stroke", []);
  }
  fill() {
    this.record("fill", []);
  }
  setTransform(...args: number[]) {
    this.record("setTransform", args);
  }
  createLinearGradient(...args: number[]) {
    this.record("createLinearGradient", args);
    return { addColorStop: () => {} };
  }
  createRadialGradient(...args: number[]) {
    this.record("createRadialGradient", args);
    return { addColorStop: () => {} };
  }
  of(name: string) {
    return this.calls.filter((c) => c.name === name);
  }
  reset() {
    this.calls = [];
  }
  get asContext() {
    return this as unknown as CanvasRenderingContext2D;
  }
}

const SIZE = { width: 640, height: 360 };
const theme = THEMES.synthwave;

/** Analyser-shaped arrays (fft 2048): 1024 frequency bins, 2048 time-domain samples. */
function frame(level: number | ((bin: number) => number), wave: number | ((i: number) => number) = 128): VisualizerData {
  const frequency = new Uint8Array(1024);
  const timeDomain = new Uint8Array(2048);
  for (let i = 0; i < frequency.length; i++) frequency[i] = typeof level === "number" ? level : level(i);
  for (let i = 0; i < timeDomain.length; i++) timeDomain[i] = typeof wave === "number" ? wave : wave(i);
  return { frequency, timeDomain };
}

/** A repeatable Math.random stand-in (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bars: every fillRect after the full-canvas background. */
function barRects(ctx: RecordingContext) {
  const rects = ctx.of("fillRect");
  expect(rects[0]!.args).toEqual([0, 0, SIZE.width, SIZE.height]);
  return rects.slice(1).map(({ args: [x, y, w, h] }) => ({ x: x!, y: y!, w: w!, h: h! }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// ---------- Drawing functions ----------

describe("drawBars", () => {
  it("draws zero-height bars for silence", () => {
    const ctx = new RecordingContext();
    drawBars(ctx.asContext, SIZE, frame(0), theme);
    const bars = barRects(ctx);
    expect(bars).toHaveLength(barCount(SIZE.width));
    expect(bars.every((b) => b.h === 0 && b.y === SIZE.height)).toBe(true);
  });

  it("scales bar heights with the frequency data", () => {
    const heights = (level: number) => {
      const ctx = new RecordingContext();
      drawBars(ctx.asContext, SIZE, frame(level), theme);
      return barRects(ctx).map((b) => b.h);
    };
    const quiet = heights(60);
    const loud = heights(255);
    expect(quiet.every((h) => h > 0)).toBe(true);
    loud.forEach((h, i) => expect(h).toBeGreaterThan(quiet[i]!));
    // Full scale reaches most of the canvas, never past it; bars stand on the bottom edge.
    expect(Math.max(...loud)).toBeCloseTo(SIZE.height * 0.85);
    const ctx = new RecordingContext();
    drawBars(ctx.asContext, SIZE, frame(255), theme);
    expect(barRects(ctx).every((b) => b.y + b.h === SIZE.height)).toBe(true);
  });

  it("puts the bass on the left: a bass-only spectrum raises the first bars only", () => {
    const ctx = new RecordingContext();
    drawBars(
      ctx.asContext,
      SIZE,
      frame((bin) => (bin > 0 && bin <= 8 ? 255 : 0)),
      theme,
    );
    const bars = barRects(ctx);
    expect(bars[0]!.h).toBeGreaterThan(0);
    expect(bars.at(-1)!.h).toBe(0);
    expect(bars.filter((b) => b.h > 0).length).toBeLessThan(bars.length / 2);
  });
});

describe("drawCircular", () => {
  function rays(data: VisualizerData) {
    const ctx = new RecordingContext();
    drawCircular(ctx.asContext, SIZE, data, theme);
    const starts = ctx.of("moveTo");
    const ends = ctx.of("lineTo");
    return { ctx, lengths: ends.map((end, i) => Math.hypot(end.args[0]! - starts[i]!.args[0]!, end.args[1]! - starts[i]!.args[1]!)) };
  }

  it("draws exactly 180 rays around the centre", () => {
    const { ctx, lengths } = rays(frame(128));
    expect(ctx.of("lineTo")).toHaveLength(180);
    expect(ctx.of("moveTo")).toHaveLength(180);
    expect(lengths.every((l) => l > 0)).toBe(true);
    // The rays point outwards all the way round: every start lies on one circle about the centre.
    const cx = SIZE.width / 2;
    const cy = SIZE.height / 2;
    const radii = ctx.of("moveTo").map((m) => Math.hypot(m.args[0]! - cx, m.args[1]! - cy));
    expect(Math.max(...radii) - Math.min(...radii)).toBeLessThan(1e-6);
  });

  it("lengthens the rays with the frequency data", () => {
    const quiet = rays(frame(0)).lengths;
    const loud = rays(frame(255)).lengths;
    loud.forEach((l, i) => expect(l).toBeGreaterThan(quiet[i]! * 2));
  });
});

describe("drawWaveform", () => {
  it("draws a flat line through the middle for silence", () => {
    const ctx = new RecordingContext();
    drawWaveform(ctx.asContext, SIZE, frame(0, 128), theme);
    const ys = [...ctx.of("moveTo"), ...ctx.of("lineTo")].map((c) => c.args[1]);
    expect(ys.length).toBeGreaterThan(100);
    expect(new Set(ys)).toEqual(new Set([SIZE.height / 2]));
  });

  it("follows the signal across the whole width", () => {
    const ctx = new RecordingContext();
    drawWaveform(
      ctx.asContext,
      SIZE,
      frame(0, (i) => (i % 64 < 32 ? 255 : 0)),
      theme,
    );
    const points = ctx.of("lineTo");
    const ys = points.map((c) => c.args[1]!);
    expect(Math.max(...ys)).toBeGreaterThan(SIZE.height * 0.85);
    expect(Math.min(...ys)).toBeLessThan(SIZE.height * 0.15);
    expect(points.at(-1)!.args[0]).toBeCloseTo(SIZE.width);
  });
});

describe("particles", () => {
  const snapshot = (s: ParticleState) => ({ x: [...s.x], y: [...s.y] });
  const travelled = (before: { x: number[]; y: number[] }, after: ParticleState) =>
    before.x.reduce((sum, x, i) => {
      // Positions wrap around 0-1: take the shorter way.
      const dx = Math.abs(after.x[i]! - x);
      const dy = Math.abs(after.y[i]! - before.y[i]!);
      return sum + Math.hypot(Math.min(dx, 1 - dx), Math.min(dy, 1 - dy));
    }, 0);

  it("creates exactly 50 particles and draws each one", () => {
    const state = createParticles(50, seeded(1));
    expect(state.count).toBe(50);
    for (const array of [state.x, state.y, state.vx, state.vy, state.size]) expect(array).toHaveLength(50);
    const ctx = new RecordingContext();
    drawParticles(ctx.asContext, SIZE, frame(0), theme, state, 1 / 60);
    expect(ctx.of("arc")).toHaveLength(50);
  });

  it("moves the particles between frames, even in silence", () => {
    const state = createParticles(50, seeded(2));
    const before = snapshot(state);
    const ctx = new RecordingContext();
    drawParticles(ctx.asContext, SIZE, frame(0), theme, state, 1 / 60);
    const firstFrame = ctx.of("arc").map((c) => c.args.slice(0, 2));
    ctx.reset();
    drawParticles(ctx.asContext, SIZE, frame(0), theme, state, 1 / 60);
    const secondFrame = ctx.of("arc").map((c) => c.args.slice(0, 2));
    expect(travelled(before, state)).toBeGreaterThan(0);
    expect(secondFrame).not.toEqual(firstFrame);
    for (let i = 0; i < 50; i++) {
      expect(state.x[i]).toBeGreaterThanOrEqual(0);
      expect(state.x[i]).toBeLessThan(1);
    }
  });

  it("moves faster and grows with bass energy", () => {
    const silent = createParticles(50, seeded(3));
    const bassy = createParticles(50, seeded(3));
    const start = snapshot(silent);
    const quietCtx = new RecordingContext();
    const loudCtx = new RecordingContext();
    drawParticles(quietCtx.asContext, SIZE, frame(0), theme, silent, 1 / 60);
    drawParticles(
      loudCtx.asContext,
      SIZE,
      frame((bin) => (bin < 16 ? 255 : 0)),
      theme,
      bassy,
      1 / 60,
    );
    expect(travelled(start, bassy)).toBeGreaterThan(travelled(start, silent) * 3);
    const radii = (ctx: RecordingContext) => ctx.of("arc").map((c) => c.args[2]!);
    const quietRadii = radii(quietCtx);
    radii(loudCtx).forEach((r, i) => expect(r).toBeGreaterThan(quietRadii[i]! * 2));
  });

  it("holds still on a zero-length step (the reduced-motion frame)", () => {
    const state = createParticles(50, seeded(4));
    const before = snapshot(state);
    drawParticles(new RecordingContext().asContext, SIZE, frame(255), theme, state, 0);
    expect(snapshot(state)).toEqual(before);
  });
});

describe("themes and styles", () => {
  it("cycles the themes in the spec's order: synthwave, vaporwave, cyberpunk", () => {
    expect(THEME_NAMES).toEqual(["synthwave", "vaporwave", "cyberpunk"]);
    expect(nextTheme("synthwave")).toBe("vaporwave");
    expect(nextTheme("vaporwave")).toBe("cyberpunk");
    expect(nextTheme("cyberpunk")).toBe("synthwave");
  });

  it("cycles the four styles: bars, circular, waveform, particles", () => {
    expect(VISUALIZER_STYLES).toEqual(["bars", "circular", "waveform", "particles"]);
    expect(nextStyle("bars")).toBe("circular");
    expect(nextStyle("circular")).toBe("waveform");
    expect(nextStyle("waveform")).toBe("particles");
    expect(nextStyle("particles")).toBe("bars");
  });

  it("gives every theme a background gradient and three distinct colours", () => {
    for (const name of THEME_NAMES) {
      const t = THEMES[name];
      expect(t.name).toBe(name);
      expect(t.background).toHaveLength(3);
      expect(new Set([t.primary, t.secondary, t.accent]).size).toBe(3);
      for (const colour of [...t.background, t.primary, t.secondary, t.accent]) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(new Set(THEME_NAMES.map((n) => THEMES[n].primary)).size).toBe(3);
  });
});

// ---------- <Visualizer> ----------

/** requestAnimationFrame under the test's control. */
function manualFrames() {
  let next = 1;
  const pending = new Map<number, FrameRequestCallback>();
  vi.stubGlobal(
    "requestAnimationFrame",
    vi.fn((cb: FrameRequestCallback) => {
      pending.set(next, cb);
      return next++;
    }),
  );
  vi.stubGlobal(
    "cancelAnimationFrame",
    vi.fn((id: number) => pending.delete(id)),
  );
  let now = 1000;
  return {
    get pending() {
      return pending.size;
    },
    step() {
      now += 16;
      const callbacks = [...pending.values()];
      pending.clear();
      act(() => callbacks.forEach((cb) => cb(now)));
    },
  };
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query.includes("reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function fakeAnalyser() {
  const frequencyArrays: Uint8Array[] = [];
  const analyser = {
    fftSize: 2048,
    frequencyBinCount: 1024,
    getByteFrequencyData: vi.fn((array: Uint8Array) => {
      frequencyArrays.push(array);
      array.fill(200);
    }),
    getByteTimeDomainData: vi.fn((array: Uint8Array) => array.fill(128)),
  };
  return { analyser, node: analyser as unknown as AnalyserNode, frequencyArrays };
}

function renderVisualizer(props: { analyser: AnalyserNode | null; style?: (typeof VISUALIZER_STYLES)[number]; theme?: ThemeName }, locale: Locale = "en") {
  return render(
    <I18nProvider initialLocale={locale}>
      <Visualizer analyser={props.analyser} style={props.style ?? "bars"} theme={props.theme ?? "synthwave"} />
    </I18nProvider>,
  );
}

describe("<Visualizer>", () => {
  it("is an image named after its style, in both languages", () => {
    renderVisualizer({ analyser: null, style: "circular" });
    expect(screen.getByRole("img", { name: "Audio visualizer: Circular" }).tagName).toBe("CANVAS");
    cleanup();
    renderVisualizer({ analyser: null, style: "particles" }, "pt-BR");
    expect(screen.getByRole("img", { name: "Visualizador de áudio: Partículas" })).toBeTruthy();
  });

  it("animates from the analyser, reusing the same arrays every frame", () => {
    const ctx = new RecordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx.asContext as never);
    stubReducedMotion(false);
    const frames = manualFrames();
    const { analyser, node, frequencyArrays } = fakeAnalyser();
    renderVisualizer({ analyser: node });
    expect(frames.pending).toBe(1);
    frames.step();
    frames.step();
    frames.step();
    expect(analyser.getByteFrequencyData).toHaveBeenCalledTimes(3);
    expect(frequencyArrays[0]).toHaveLength(1024);
    expect(new Set(frequencyArrays).size).toBe(1);
    // Loud data: the bars have height.
    const bars = ctx.of("fillRect").slice(-barCount(1));
    expect(bars.some((c) => c.args[3]! > 0)).toBe(true);
    expect(frames.pending).toBe(1);
  });

  it("draws an idle animation without an analyser", () => {
    const ctx = new RecordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx.asContext as never);
    stubReducedMotion(false);
    const frames = manualFrames();
    renderVisualizer({ analyser: null, style: "waveform" });
    frames.step();
    const flat = ctx.of("lineTo").map((c) => c.args[1]);
    expect(flat.length).toBeGreaterThan(0);
    expect(new Set(flat).size).toBe(1);
    expect(frames.pending).toBe(1);
  });

  it("draws one still frame and no loop when reduced motion is asked for", () => {
    const ctx = new RecordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx.asContext as never);
    stubReducedMotion(true);
    const frames = manualFrames();
    const { node } = fakeAnalyser();
    renderVisualizer({ analyser: node, style: "circular" });
    expect(frames.pending).toBe(0);
    expect(ctx.of("lineTo")).toHaveLength(180);
  });

  it("stops while the tab is hidden and resumes when it is shown", () => {
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(new RecordingContext().asContext as never);
    stubReducedMotion(false);
    const frames = manualFrames();
    renderVisualizer({ analyser: null });
    expect(frames.pending).toBe(1);
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(frames.pending).toBe(0);
    hidden.mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(frames.pending).toBe(1);
  });
});

// ---------- The popup page ----------

function track(id: string, overrides: Partial<TrackView> = {}): TrackView {
  return {
    id,
    title: `Title ${id}`,
    number: 1,
    albumId: "album-1",
    albumTitle: `Album of ${id}`,
    albumYear: 1988,
    coverUrl: null,
    durationSeconds: 210,
    plays: 0,
    playable: true,
    preview: true,
    featuredPosition: null,
    earlyAccess: false,
    releaseAt: null,
    ...overrides,
  };
}

const TRACKS = [track("one"), track("two", { durationSeconds: 245 }), track("silent", { playable: false }), track("three")];
const PLAYABLE = TRACKS.filter((t) => t.playable);

function idleState(overrides: Partial<MusicPlayerPopupState> = {}): MusicPlayerPopupState {
  return {
    status: "idle",
    currentTrack: null,
    currentTime: 0,
    duration: 0,
    volume: 100,
    muted: false,
    repeat: false,
    shuffle: false,
    error: null,
    ...overrides,
  };
}

function fakeActions() {
  return {
    playTrack: vi.fn<(track: TrackView, queue: TrackView[]) => void>(),
    toggle: vi.fn<() => void>(),
    next: vi.fn<() => void>(),
    previous: vi.fn<() => void>(),
    seek: vi.fn<(seconds: number) => void>(),
    setVolume: vi.fn<(volume: number) => void>(),
    toggleMute: vi.fn<() => void>(),
    toggleShuffle: vi.fn<() => void>(),
    toggleRepeat: vi.fn<() => void>(),
  } satisfies MusicPlayerPopupActions;
}

async function renderPopup(overrides: Partial<MusicPlayerPopupProps> = {}, locale: Locale = "en") {
  const fakes = fakeActions();
  const props: MusicPlayerPopupProps = { tracks: TRACKS, state: idleState(), analyser: null, actions: fakes, canPlay: true, ...overrides };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedConfig(queryClient);
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <Outlet /> });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: "/music/player", component: () => <MusicPlayerPopup {...props} /> }),
    createRoute({ getParentRoute: () => root, path: "/vip-signup", component: () => <p>signup page</p> }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/music/player"] }), context: { queryClient } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole("img");
  return { actions: fakes, router, view };
}

describe("MusicPlayerPopup", () => {
  it("shows the VIP gate instead of the controls when the listener cannot play", async () => {
    await renderPopup({ canPlay: false });
    expect(screen.getByRole("heading", { name: "VIP Access Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Master Playlist" })).toBeNull();
    // The look stays: brand, visualizer, theme and style switches, close.
    expect(screen.getByText("Neon Test Brand")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close player" })).toBeTruthy();
  });

  it("shows the controls and the Master Playlist of playable tracks for VIP", async () => {
    await renderPopup();
    expect(screen.queryByText("VIP Access Required")).toBeNull();
    for (const name of ["Shuffle", "Previous track", "Play", "Next track", "Repeat", "Mute"]) expect(screen.getByRole("button", { name })).toBeTruthy();
    const volume = screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement;
    expect([volume.min, volume.max, volume.value]).toEqual(["0", "100", "100"]);
    expect(screen.getByRole("slider", { name: "Track position" })).toBeTruthy();
    const list = screen.getByRole("region", { name: "Master Playlist" });
    const rows = within(list).getAllByRole("button");
    expect(rows.map((r) => within(r).getByText(/^Title /).textContent)).toEqual(["Title one", "Title two", "Title three"]);
    expect(within(list).getByText("3 tracks")).toBeTruthy();
    expect(within(rows[1]!).getByText("4:05")).toBeTruthy();
  });

  it("lists the member's playlists in a Your Playlists tab and plays one's playable tracks in order", async () => {
    const favorites = { tracks: [], ids: new Set<string>(), toggle: vi.fn() };
    const playlists = [
      { id: "p-1", name: "Road trip", createdAt: "2026-01-01T00:00:00.000Z", tracks: [TRACKS[2]!, TRACKS[0]!] },
      { id: "p-2", name: "Empty one", createdAt: "2026-01-02T00:00:00.000Z", tracks: [] },
    ];
    const { actions } = await renderPopup({ favorites, playlists });
    fireEvent.click(screen.getByRole("tab", { name: "Your Playlists" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("Road trip")).toBeTruthy();
    expect((within(panel).getByRole("button", { name: "Play the playlist Empty one" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByRole("button", { name: "Play the playlist Road trip" }));
    const playable = playlists[0]!.tracks.filter((t) => t.playable);
    expect(actions.playTrack).toHaveBeenCalledWith(playable[0], playable);
  });

  it("plays a clicked track with the Master Playlist as the queue", async () => {
    const { actions } = await renderPopup();
    fireEvent.click(screen.getByRole("button", { name: /Title two/ }));
    expect(actions.playTrack).toHaveBeenCalledTimes(1);
    expect(actions.playTrack).toHaveBeenCalledWith(PLAYABLE[1], PLAYABLE);
  });

  it("starts the playlist from the top when Play is pressed with nothing loaded", async () => {
    const { actions } = await renderPopup();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(actions.playTrack).toHaveBeenCalledWith(PLAYABLE[0], PLAYABLE);
    expect(actions.toggle).not.toHaveBeenCalled();
  });

  it("shows the current track, highlights it, and wires every control", async () => {
    const current = PLAYABLE[1]!;
    const { actions } = await renderPopup({
      state: idleState({ status: "playing", currentTrack: current, currentTime: 83, duration: 245, volume: 40, shuffle: true }),
    });
    const now = screen.getByRole("region", { name: "Now playing" });
    expect(within(now).getByText("Title two")).toBeTruthy();
    expect(within(now).getByText("Album of two · 1988")).toBeTruthy();
    expect(screen.getByText("1:23")).toBeTruthy();
    const seek = screen.getByRole("slider", { name: "Track position" });
    expect(seek.getAttribute("aria-valuetext")).toBe("1:23 of 4:05");
    const highlighted = screen.getByRole("button", { current: true });
    expect(highlighted.textContent).toContain("Title two");
    expect(screen.getAllByRole("button", { current: true })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Shuffle" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Repeat" }).getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    fireEvent.click(screen.getByRole("button", { name: "Next track" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous track" }));
    fireEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    fireEvent.click(screen.getByRole("button", { name: "Repeat" }));
    fireEvent.click(screen.getByRole("button", { name: "Mute" }));
    fireEvent.change(seek, { target: { value: "120" } });
    fireEvent.change(screen.getByRole("slider", { name: "Volume" }), { target: { value: "70" } });
    expect(actions.toggle).toHaveBeenCalledTimes(1);
    expect(actions.next).toHaveBeenCalledTimes(1);
    expect(actions.previous).toHaveBeenCalledTimes(1);
    expect(actions.toggleShuffle).toHaveBeenCalledTimes(1);
    expect(actions.toggleRepeat).toHaveBeenCalledTimes(1);
    expect(actions.toggleMute).toHaveBeenCalledTimes(1);
    expect(actions.seek).toHaveBeenCalledWith(120);
    expect(actions.setVolume).toHaveBeenCalledWith(70);
  });

  it("cycles and remembers the theme: synthwave, vaporwave, cyberpunk", async () => {
    const { view } = await renderPopup();
    const root = view.container.querySelector(".mp") as HTMLElement;
    expect(root.dataset.theme).toBe("synthwave");
    expect(root.style.getPropertyValue("--mp-primary")).toBe(THEMES.synthwave.primary);
    const seen: string[] = [];
    for (const expected of ["vaporwave", "cyberpunk", "synthwave"] as const) {
      const button = screen.getByRole("button", { name: /^Theme: / });
      fireEvent.click(button);
      seen.push(screen.getByRole("button", { name: /^Theme: / }).getAttribute("aria-label")!);
      expect(root.dataset.theme).toBe(expected);
      expect(root.style.getPropertyValue("--mp-primary")).toBe(THEMES[expected].primary);
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(expected);
    }
    expect(seen).toEqual(["Theme: Vaporwave. Change theme", "Theme: Cyberpunk. Change theme", "Theme: Synthwave. Change theme"]);
  });

  it("cycles and remembers the visualizer style", async () => {
    await renderPopup();
    expect(screen.getByRole("img", { name: "Audio visualizer: Bars" })).toBeTruthy();
    for (const [expected, name] of [
      ["circular", "Circular"],
      ["waveform", "Waveform"],
      ["particles", "Particles"],
      ["bars", "Bars"],
    ] as const) {
      fireEvent.click(screen.getByRole("button", { name: /^Visualizer style: / }));
      expect(screen.getByRole("button", { name: `Visualizer style: ${name}. Change style` })).toBeTruthy();
      expect(screen.getByRole("img", { name: `Audio visualizer: ${name}` })).toBeTruthy();
      expect(localStorage.getItem(STYLE_STORAGE_KEY)).toBe(expected);
    }
  });

  it("opens with the remembered theme and style; ignores junk in storage", async () => {
    localStorage.setItem(THEME_STORAGE_KEY, "cyberpunk");
    localStorage.setItem(STYLE_STORAGE_KEY, "waveform");
    const { view } = await renderPopup();
    expect((view.container.querySelector(".mp") as HTMLElement).dataset.theme).toBe("cyberpunk");
    expect(screen.getByRole("img", { name: "Audio visualizer: Waveform" })).toBeTruthy();
    cleanup();
    localStorage.setItem(THEME_STORAGE_KEY, "neon-nonsense");
    localStorage.setItem(STYLE_STORAGE_KEY, "3d");
    const second = await renderPopup();
    expect((second.view.container.querySelector(".mp") as HTMLElement).dataset.theme).toBe("synthwave");
    expect(screen.getByRole("img", { name: "Audio visualizer: Bars" })).toBeTruthy();
  });

  it("closes the popup window when it has an opener, else goes back", async () => {
    const close = vi.spyOn(window, "close").mockImplementation(() => {});
    vi.stubGlobal("opener", {});
    const { router } = await renderPopup();
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect(close).toHaveBeenCalledTimes(1);
    vi.stubGlobal("opener", null);
    const back = vi.spyOn(router.history, "back");
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("translates player errors, falling back to the generic one", async () => {
    await renderPopup({ state: idleState({ currentTrack: PLAYABLE[0]!, status: "paused", error: "not_playable" }) });
    expect(screen.getByRole("alert").textContent).toBe("This track cannot be played yet");
    cleanup();
    await renderPopup({ state: idleState({ currentTrack: PLAYABLE[0]!, status: "paused", error: "something_else" }) });
    expect(screen.getByRole("alert").textContent).toBe("Unable to play audio. Please try again.");
  });

  it("speaks Brazilian Portuguese", async () => {
    await renderPopup({ state: idleState({ currentTrack: PLAYABLE[0]!, status: "paused" }) }, "pt-BR");
    expect(screen.getByRole("heading", { name: "Playlist Principal" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tocar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tema: Synthwave. Mudar o tema" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Estilo do visualizador: Barras. Mudar o estilo" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Visualizador de áudio: Barras" })).toBeTruthy();
    expect(screen.getByText("3 faixas")).toBeTruthy();
  });
});
