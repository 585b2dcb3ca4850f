// The audio output the music and radio engines share (app/lib/audio/output.ts): volume clamped and
// rounded, mute separate from it, the levels reaching every element (those added later too), the
// saved levels read back leniently, and one analyser made once and fed by every element.
import { describe, expect, it, vi } from "vitest";
import { ANALYSER_FFT_SIZE, ANALYSER_SMOOTHING, AudioOutput, DEFAULT_VOLUME, readSavedLevels, type AudioContextLike } from "../../app/lib/audio/output";

const element = () => ({ volume: 1, muted: false });

function fakeContext(state = "running") {
  const analyser = { fftSize: 0, smoothingTimeConstant: 0, connect: vi.fn() };
  const fed: unknown[] = [];
  const context = {
    state,
    destination: { destination: true },
    resume: vi.fn(() => Promise.resolve()),
    createAnalyser: vi.fn(() => analyser),
    createMediaElementSource: vi.fn((el: unknown) => {
      fed.push(el);
      return { connect: vi.fn() };
    }),
  };
  return { context, analyser, fed, create: vi.fn(() => context as unknown as AudioContextLike) };
}

describe("AudioOutput: volume and mute", () => {
  it("starts at full volume, unmuted", () => {
    expect(new AudioOutput({ createAudioContext: null }).getLevels()).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    expect(DEFAULT_VOLUME).toBe(100);
  });

  it("clamps the volume to 0-100, rounds it, and ignores what is not a number", () => {
    const output = new AudioOutput({ createAudioContext: null });
    expect(output.setVolume(150).volume).toBe(100);
    expect(output.setVolume(-20).volume).toBe(0);
    expect(output.setVolume(42.4).volume).toBe(42);
    expect(output.setVolume(Number.NaN).volume).toBe(42);
    expect(output.setVolume(Number.POSITIVE_INFINITY).volume).toBe(42);
    expect(output.volumeBy(10).volume).toBe(52);
    expect(output.volumeBy(-100).volume).toBe(0);
    expect(output.volumeBy(200).volume).toBe(100);
  });

  it("toggles mute apart from the volume; a volume above 0 unmutes, 0 keeps the mute", () => {
    const output = new AudioOutput({ createAudioContext: null });
    output.setVolume(30);
    expect(output.toggleMute()).toEqual({ volume: 30, muted: true });
    expect(output.setVolume(0)).toEqual({ volume: 0, muted: true });
    expect(output.setVolume(20)).toEqual({ volume: 20, muted: false });
    expect(output.toggleMute().muted).toBe(true);
    expect(output.toggleMute().muted).toBe(false);
  });

  it("applies the levels to every element, added before or after a change, as a fraction", () => {
    const output = new AudioOutput({ createAudioContext: null });
    const first = element();
    output.add(first);
    output.setVolume(40);
    output.toggleMute();
    const second = element();
    output.add(second);
    for (const el of [first, second]) {
      expect(el.volume).toBeCloseTo(0.4);
      expect(el.muted).toBe(true);
    }
    output.setVolume(75);
    expect(first).toEqual({ volume: 0.75, muted: false });
    expect(second).toEqual({ volume: 0.75, muted: false });
  });

  it("hands out frozen levels, replaced only on a change", () => {
    const output = new AudioOutput({ createAudioContext: null });
    const before = output.getLevels();
    expect(Object.isFrozen(before)).toBe(true);
    expect(output.setVolume(100)).toBe(before);
    expect(output.setVolume(70)).not.toBe(before);
    expect(before.volume).toBe(100);
  });
});

describe("AudioOutput: saved levels", () => {
  it("come back as they were saved (a player stores getLevels() in its own record)", () => {
    const output = new AudioOutput({ createAudioContext: null });
    output.setVolume(33);
    output.toggleMute();
    const record = JSON.parse(JSON.stringify({ station: "dance", ...output.getLevels() })) as Record<string, unknown>;
    const restored = new AudioOutput({ createAudioContext: null });
    const el = element();
    restored.add(el);
    expect(restored.setLevels(readSavedLevels(record))).toEqual({ volume: 33, muted: true });
    expect(el).toEqual({ volume: 0.33, muted: true });
  });

  it("are read leniently: clamped, rounded, and the defaults for anything unreadable", () => {
    expect(readSavedLevels({ volume: 250, muted: true })).toEqual({ volume: 100, muted: true });
    expect(readSavedLevels({ volume: -5 })).toEqual({ volume: 0, muted: false });
    expect(readSavedLevels({ volume: 12.6, muted: "yes" })).toEqual({ volume: 13, muted: false });
    expect(readSavedLevels({ volume: "50", muted: 1 })).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    expect(readSavedLevels({ volume: null })).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    expect(readSavedLevels({})).toEqual({ volume: DEFAULT_VOLUME, muted: false });
  });
});

describe("AudioOutput: the analyser", () => {
  it("is made once, on the first ask (fft 2048, smoothing 0.8), and fed by every element", () => {
    const { context, analyser, fed, create } = fakeContext();
    const output = new AudioOutput({ createAudioContext: create });
    const first = element();
    output.add(first);
    expect(create).not.toHaveBeenCalled();
    expect(output.getAnalyser()).toBeNull();

    expect(output.ensureAnalyser()).toBe(analyser);
    expect(output.ensureAnalyser()).toBe(analyser);
    expect(create).toHaveBeenCalledTimes(1);
    expect(context.createAnalyser).toHaveBeenCalledTimes(1);
    expect(output.getAnalyser()).toBe(analyser);
    expect(analyser.fftSize).toBe(ANALYSER_FFT_SIZE);
    expect(analyser.smoothingTimeConstant).toBe(ANALYSER_SMOOTHING);
    expect([ANALYSER_FFT_SIZE, ANALYSER_SMOOTHING]).toEqual([2048, 0.8]);
    expect(analyser.connect).toHaveBeenCalledWith(context.destination);

    // An element added later feeds it too; none is connected twice.
    const second = element();
    output.add(second);
    output.add(second);
    output.ensureAnalyser();
    expect(fed).toEqual([first, second]);
  });

  it("resumes a suspended context, and only a suspended one", () => {
    const suspended = fakeContext("suspended");
    const output = new AudioOutput({ createAudioContext: suspended.create });
    output.resume(); // nothing made yet: nothing to resume
    output.ensureAnalyser();
    output.resume();
    expect(suspended.context.resume).toHaveBeenCalledTimes(1);

    const running = fakeContext("running");
    const other = new AudioOutput({ createAudioContext: running.create });
    other.ensureAnalyser();
    other.resume();
    expect(running.context.resume).not.toHaveBeenCalled();
  });

  it("stays null without Web Audio, or when it cannot be made, and is not tried again", () => {
    expect(new AudioOutput({ createAudioContext: null }).ensureAnalyser()).toBeNull();

    const none = vi.fn(() => null);
    const withoutContext = new AudioOutput({ createAudioContext: none });
    expect(withoutContext.ensureAnalyser()).toBeNull();
    expect(withoutContext.ensureAnalyser()).toBeNull();
    expect(none).toHaveBeenCalledTimes(1);

    const log = vi.fn();
    const broken = vi.fn(() => ({}) as AudioContextLike);
    const failing = new AudioOutput({ createAudioContext: broken, log });
    expect(failing.ensureAnalyser()).toBeNull();
    expect(failing.ensureAnalyser()).toBeNull();
    expect(failing.getAnalyser()).toBeNull();
    expect(broken).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("Web Audio unavailable", expect.any(TypeError));
  });
});
