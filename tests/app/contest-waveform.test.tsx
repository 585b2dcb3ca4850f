// An entry's waveform on the contest's page (decision 195): drawn from the Worker's peaks above the
// entry's player, a slider seeking the <audio> by keyboard and by click, its played part following
// the audio, "being prepared" while the streaming copy is made, in English and Portuguese.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contest, contestApi, entry, renderContest, ID, ENTRY_ID } from "./contest-enter-fixtures";

const PEAKS = Array.from({ length: 200 }, (_, i) => (i < 100 ? 255 : 20));
const READY = entry({
  status: "submitted",
  mine: false,
  title: "Sunrise Mix",
  durationSeconds: 200,
  audioUrl: `/api/contests/${ID}/entries/${ENTRY_ID}/audio`,
  streamState: "ready",
  peaks: PEAKS,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const show = (entries = [READY], locale: "en" | "pt-BR" = "en") => {
  contestApi({ answer: contest({ phase: "ended", rights: { ...contest().rights, canEnter: false, enterRefusal: "contest_entries_closed" } }), entries });
  renderContest(locale);
};

describe("an entry's waveform", () => {
  it("draws the peaks above the player and seeks the audio from the keyboard", async () => {
    show();
    const slider = await screen.findByRole("slider", { name: "Position in Sunrise Mix" });
    const audio = screen.getByRole("article", { name: "Sunrise Mix" }).querySelector("audio")!;
    expect(audio.getAttribute("src")).toBe(READY.audioUrl);
    const bars = slider.querySelectorAll("rect");
    expect(bars).toHaveLength(200);
    expect(Number(bars[0]!.getAttribute("height"))).toBeGreaterThan(Number(bars[150]!.getAttribute("height")) * 5);
    expect([slider.getAttribute("aria-valuemax"), slider.getAttribute("aria-valuetext")]).toEqual(["200", "0:00 of 3:20"]);

    slider.focus();
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(audio.currentTime).toBe(5);
    fireEvent.keyDown(slider, { key: "PageUp" });
    expect(audio.currentTime).toBe(35);
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(audio.currentTime).toBe(30);
    expect([slider.getAttribute("aria-valuenow"), slider.getAttribute("aria-valuetext")]).toEqual(["30", "0:30 of 3:20"]);
    fireEvent.keyDown(slider, { key: "End" });
    expect(audio.currentTime).toBe(200);
    fireEvent.keyDown(slider, { key: "Home" });
    expect(audio.currentTime).toBe(0);
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(audio.currentTime, "never before the start").toBe(0);
  });

  it("seeks where it is clicked and shows the played part as the audio plays", async () => {
    show();
    const slider = await screen.findByRole("slider", { name: "Position in Sunrise Mix" });
    const audio = screen.getByRole("article", { name: "Sunrise Mix" }).querySelector("audio")!;
    vi.spyOn(slider, "getBoundingClientRect").mockReturnValue({
      left: 100,
      width: 400,
      top: 0,
      height: 48,
      right: 500,
      bottom: 48,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.click(slider, { clientX: 200 });
    expect(audio.currentTime).toBe(50);
    expect(slider.querySelectorAll("rect.played")).toHaveLength(50);

    audio.currentTime = 100;
    fireEvent(audio, new Event("timeupdate"));
    expect(slider.getAttribute("aria-valuetext")).toBe("1:40 of 3:20");
    expect(slider.querySelectorAll("rect.played")).toHaveLength(100);
  });

  it("says the waveform is being prepared while the streaming copy is made, the original playing", async () => {
    show([{ ...READY, streamState: "pending", peaks: null }]);
    expect(await screen.findByText("Waveform being prepared…")).toBeTruthy();
    expect(screen.queryByRole("slider")).toBeNull();
    expect(screen.getByRole("article", { name: "Sunrise Mix" }).querySelector("audio")?.getAttribute("src")).toBe(READY.audioUrl);
  });

  it("speaks Portuguese", async () => {
    show([READY, { ...READY, id: "33333333-0000-4000-8000-000000000010", title: "Outra", streamState: "pending", peaks: null }], "pt-BR");
    const slider = await screen.findByRole("slider", { name: "Posição em Sunrise Mix" });
    expect(slider.getAttribute("aria-valuetext")).toBe("0:00 de 3:20");
    expect(screen.getByText("Forma de onda em preparação…")).toBeTruthy();
  });
});
