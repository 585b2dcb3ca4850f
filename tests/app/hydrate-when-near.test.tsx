// A part of a server-rendered page below the first screen stays the server's HTML until it nears
// the viewport or is about to be used, then hydrates with what was typed into it meanwhile; in a
// page the browser renders itself it renders at once. The viewport is a stand-in
// IntersectionObserver the test moves by hand.
import { act, createContext, Suspense, use, useContext, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hydrate } from "./fixtures/hydration";
import { HydrateWhenNear } from "../../app/ssr/HydrateWhenNear";
import { LOCALE_SWITCH_EVENT } from "../../app/i18n/I18nProvider";

/** The observers made, each with the elements it watches; `scrollTo` reports them in view. */
const observers: { callback: IntersectionObserverCallback; elements: Element[]; options?: IntersectionObserverInit; disconnected: boolean }[] = [];

class ViewportStandIn {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, elements: [], options, disconnected: false };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function scrollTo(element: Element) {
  for (const observer of observers.filter((o) => !o.disconnected && o.elements.includes(element))) {
    observer.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal("IntersectionObserver", ViewportStandIn);
});
afterEach(() => vi.unstubAllGlobals());

const mounted = vi.fn();
const focused = vi.fn();
const pressed = vi.fn();

/** A part with an effect (it ran = it is the app's) and a controlled field. */
function Part() {
  const [email, setEmail] = useState("");
  useEffect(() => mounted(), []);
  return (
    <form>
      <input aria-label="Email" value={email} onFocus={() => focused()} onChange={(event) => setEmail(event.target.value)} />
      <output>{email}</output>
      <button type="button" onClick={() => pressed()}>
        Notify me
      </button>
    </form>
  );
}

function Page() {
  return (
    <main>
      <h1>Top</h1>
      <HydrateWhenNear>
        <Part />
      </HydrateWhenNear>
    </main>
  );
}

function serverRendered() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  const part = container.querySelector("[data-hydrate-near]")!;
  return { container, part, email: container.querySelector("input")!, output: () => container.querySelector("output")!.textContent };
}

const isReacts = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));

describe("HydrateWhenNear", () => {
  beforeEach(() => {
    mounted.mockClear();
    focused.mockClear();
    pressed.mockClear();
  });

  it("keeps the server's HTML of a part out of view unhydrated, and hydrates it once it nears the viewport", async () => {
    const page = serverRendered();
    await act(async () => {
      hydrate(page.container, <Page />);
    });
    expect(isReacts(page.container.querySelector("h1")!)).toBe(true);
    expect(isReacts(page.email)).toBe(false);
    expect(mounted).not.toHaveBeenCalled();
    // The wrapper itself is watched, in the viewport proper.
    expect(observers).toHaveLength(1);
    expect(observers[0]!.elements).toEqual([page.part]);
    expect(observers[0]!.options?.rootMargin).toBe("0px");

    await act(async () => scrollTo(page.part));
    expect(mounted).toHaveBeenCalledTimes(1);
    // The same element, now the app's: nothing was rendered afresh.
    expect(page.container.querySelector("input")).toBe(page.email);
    expect(isReacts(page.email)).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it("hydrates a part as soon as it is focused, answers that focus, and hands over what was typed first", async () => {
    const page = serverRendered();
    await act(async () => {
      hydrate(page.container, <Page />);
    });
    page.email.value = "fan@example.com";
    await act(async () => {
      page.email.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    expect(mounted).toHaveBeenCalledTimes(1);
    // The focus that woke the part reached its handler (React does not replay it).
    expect(focused).toHaveBeenCalledTimes(1);
    expect(page.output()).toBe("fan@example.com");
    expect(page.email.value).toBe("fan@example.com");
  });

  it("answers the very press that woke a part: pressed, then clicked, in one go", async () => {
    const page = serverRendered();
    await act(async () => {
      hydrate(page.container, <Page />);
    });
    expect(mounted).not.toHaveBeenCalled();
    const button = page.container.querySelector("button")!;
    await act(async () => {
      // No await between them: the click comes before any promise callback could run.
      button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("hydrates a part whose field changes with no focus first (a browser's autofill), and the change reaches the app", async () => {
    const page = serverRendered();
    await act(async () => {
      hydrate(page.container, <Page />);
    });
    page.email.value = "fan@example.com";
    await act(async () => {
      page.email.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(focused).not.toHaveBeenCalled();
    expect(page.output()).toBe("fan@example.com");
  });

  it("answers a bare click, as the page's loader replays a tap held before hydration", async () => {
    const page = serverRendered();
    await act(async () => {
      hydrate(page.container, <Page />);
    });
    await act(async () => {
      page.container.querySelector("button")!.click();
    });
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("answers a bare click when the page around the part is itself still waiting to hydrate", async () => {
    // The page's own part hydrates in a pass after the root's commit (a Suspense boundary waiting
    // here on a promise), so the part's wrapper is made only while React hydrates the page on the
    // spot to deliver the click: as a tap the loader held and replays right after the root's commit.
    let pageReady!: () => void;
    const pageGate = new Promise<void>((resolve) => (pageReady = resolve));
    function WaitingPage() {
      use(pageGate);
      return <Page />;
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <Suspense>
        <Page />
      </Suspense>,
    );
    document.body.appendChild(container);
    await act(async () => {
      hydrate(
        container,
        <Suspense>
          <WaitingPage />
        </Suspense>,
      );
    });
    expect(mounted).not.toHaveBeenCalled();
    // The page's promise is kept now, marked so React reads it without waiting (as HydrateWhenNear does).
    Object.assign(pageGate, { status: "fulfilled", value: undefined });
    pageReady();
    await act(async () => {
      container.querySelector("button")!.click();
    });
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it("keeps waiting, its server HTML in place, when the page around it renders again", async () => {
    let rerender!: () => void;
    function Counting() {
      const [count, setCount] = useState(0);
      useEffect(() => {
        rerender = () => setCount((n) => n + 1);
      });
      return (
        <main>
          <h1>Top {count}</h1>
          <HydrateWhenNear>
            <Part />
          </HydrateWhenNear>
        </main>
      );
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Counting />);
    document.body.appendChild(container);
    const email = container.querySelector("input")!;
    await act(async () => {
      hydrate(container, <Counting />);
    });
    await act(async () => rerender());
    expect(container.querySelector("input")).toBe(email);
    expect(mounted).not.toHaveBeenCalled();
    await act(async () => scrollTo(container.querySelector("[data-hydrate-near]")!));
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(container.querySelector("input")).toBe(email);
  });

  it("is hydrated in the language it was rendered in when the page changes language, then changes with it", async () => {
    const Language = createContext("en");
    const Greeting = () => <p>{useContext(Language) === "en" ? "Hello" : "Olá"}</p>;
    let switchTo!: (language: string) => void;
    function Switching() {
      const [language, setLanguage] = useState("en");
      useEffect(() => {
        switchTo = (next) => {
          document.dispatchEvent(new Event(LOCALE_SWITCH_EVENT));
          setLanguage(next);
        };
      });
      return (
        <Language.Provider value={language}>
          <HydrateWhenNear>
            <Greeting />
          </HydrateWhenNear>
        </Language.Provider>
      );
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Switching />);
    document.body.appendChild(container);
    const greeting = container.querySelector("p")!;
    const recoverable: string[] = [];
    await act(async () => {
      hydrate(container, <Switching />, { onRecoverableError: (error) => recoverable.push(String(error)) });
    });
    expect(isReacts(greeting)).toBe(false);
    await act(async () => switchTo("pt-BR"));
    // The same paragraph, hydrated, then in the new language: not dropped and rendered afresh.
    expect(container.querySelector("p")).toBe(greeting);
    expect(greeting.textContent).toBe("Olá");
    expect(recoverable).toEqual([]);
  });

  it("renders at once in a page the browser renders itself, with nothing watched", async () => {
    const container = document.createElement("div");
    document.body.appendChild(container);
    const root = createRoot(container);
    await act(async () => root.render(<Page />));
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(container.querySelector("input")).not.toBeNull();
    expect(observers).toHaveLength(0);
    act(() => root.unmount());
  });
});
