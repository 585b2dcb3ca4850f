// One sound at a time (app/lib/audioFocus.ts): a player that starts claims the focus and every
// other player pauses, in this window directly and in other windows over a BroadcastChannel. The
// module keeps its owners and its channel at module level, so each test loads it fresh
// (vi.resetModules + dynamic import) with a fake BroadcastChannel stubbed in first.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Claim = { type?: string; windowId?: string };

/** A BroadcastChannel the test reads (posted) and feeds (deliver, as another window would). */
class FakeBroadcastChannel {
  static readonly instances: FakeBroadcastChannel[] = [];
  readonly posted: Claim[] = [];
  private readonly listeners: ((event: MessageEvent<Claim>) => void)[] = [];

  constructor(readonly name: string) {
    FakeBroadcastChannel.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<Claim>) => void) {
    if (type === "message") this.listeners.push(listener);
  }

  postMessage(data: Claim) {
    this.posted.push(data);
  }

  close() {}

  deliver(data: unknown) {
    for (const listener of this.listeners) listener(new MessageEvent<Claim>("message", { data: data as Claim }));
  }
}

async function loadFresh() {
  vi.resetModules();
  return await import("../../app/lib/audioFocus");
}

const channel = () => {
  expect(FakeBroadcastChannel.instances).toHaveLength(1);
  return FakeBroadcastChannel.instances[0]!;
};

beforeEach(() => {
  FakeBroadcastChannel.instances.length = 0;
  vi.stubGlobal("BroadcastChannel", FakeBroadcastChannel);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("audio focus in one window", () => {
  it("a claim pauses every other local owner, never the claimer, and tells the other windows", async () => {
    const { claimAudioFocus, registerAudioOwner } = await loadFresh();
    const music = vi.fn();
    const radio = vi.fn();
    registerAudioOwner("music", music);
    registerAudioOwner("radio", radio);
    expect(channel().name).toBe("audio-focus");

    claimAudioFocus("radio");
    expect(music).toHaveBeenCalledTimes(1);
    expect(radio).not.toHaveBeenCalled();
    expect(channel().posted).toEqual([{ type: "claim", windowId: expect.any(String) }]);

    claimAudioFocus("music");
    expect(radio).toHaveBeenCalledTimes(1);
    expect(music).toHaveBeenCalledTimes(1);
    // The same window id on every claim.
    expect(channel().posted[1]).toEqual(channel().posted[0]);
  });

  it("an owner that unregistered is not paused any more", async () => {
    const { claimAudioFocus, registerAudioOwner } = await loadFresh();
    const music = vi.fn();
    const unregister = registerAudioOwner("music", music);
    unregister();
    claimAudioFocus("radio");
    expect(music).not.toHaveBeenCalled();
  });

  it("works in this window without a BroadcastChannel", async () => {
    vi.stubGlobal("BroadcastChannel", undefined);
    const { claimAudioFocus, registerAudioOwner } = await loadFresh();
    const music = vi.fn();
    registerAudioOwner("music", music);
    expect(() => claimAudioFocus("radio")).not.toThrow();
    expect(music).toHaveBeenCalledTimes(1);
  });
});

describe("audio focus across windows", () => {
  it("a claim from another window pauses every local owner", async () => {
    const { registerAudioOwner } = await loadFresh();
    const music = vi.fn();
    const radio = vi.fn();
    registerAudioOwner("music", music);
    registerAudioOwner("radio", radio);

    channel().deliver({ type: "claim", windowId: "another-window" });
    expect(music).toHaveBeenCalledTimes(1);
    expect(radio).toHaveBeenCalledTimes(1);
  });

  it("ignores this window's own claims and other messages", async () => {
    const { claimAudioFocus, registerAudioOwner } = await loadFresh();
    const music = vi.fn();
    const radio = vi.fn();
    registerAudioOwner("music", music);
    registerAudioOwner("radio", radio);
    claimAudioFocus("radio");
    music.mockClear();

    channel().deliver(channel().posted[0]); // our own claim, echoed
    channel().deliver({ type: "hello", windowId: "another-window" });
    channel().deliver(null);
    channel().deliver("claim");
    expect(music).not.toHaveBeenCalled();
    expect(radio).not.toHaveBeenCalled();
  });

  it("the page's radio pauses when the music claims the focus, and claims it as it starts", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    ); // the tune never answers
    const { claimAudioFocus, registerAudioOwner } = await loadFresh();
    const { pageRadio } = await import("../../app/features/radio/RadioProvider");
    const music = vi.fn();
    registerAudioOwner("music", music);
    const radio = pageRadio();
    radio.setStations([{ id: "freestyle", name: "Freestyle FM", description: "", imageUrl: null, features: [], sourceType: "catalog", position: 0 }]);

    radio.play();
    expect(radio.getState().status).toBe("loading");
    expect(music).toHaveBeenCalledTimes(1);
    expect(channel().posted).toHaveLength(1);

    claimAudioFocus("music");
    expect(radio.getState().status).toBe("paused");

    radio.play();
    channel().deliver({ type: "claim", windowId: "popup-window" });
    expect(radio.getState().status).toBe("paused");
    radio.reset();
  });
});
