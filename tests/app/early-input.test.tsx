// What a visitor types into a server-rendered form before its scripts have run reaches the app's
// state once it has hydrated: the form is rendered to HTML as the Worker does, typed into, then
// hydrated; the state shows in the page.
import { act, useState } from "react";
import { renderToString } from "react-dom/server";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { hydrate } from "./fixtures/hydration";
import { adoptEarlyInput, captureEarlyInput } from "../../app/ssr/hydrated";

function Form() {
  const [email, setEmail] = useState("");
  const [note, setNote] = useState("hello");
  return (
    <form>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <Suspense>
        <textarea aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
      </Suspense>
      <output>
        {email}|{note}
      </output>
    </form>
  );
}

/** The server's HTML of <Form/> in the page, as the visitor first sees it. */
function serverRendered() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Form />);
  document.body.appendChild(container);
  return {
    container,
    email: container.querySelector("input")!,
    note: container.querySelector("textarea")!,
    output: () => container.querySelector("output")!.textContent,
  };
}

describe("captureEarlyInput, then adoptEarlyInput after hydration", () => {
  it("hands what was typed before hydration to the app's state, inside a Suspense boundary too", async () => {
    const page = serverRendered();
    page.email.value = "fan@example.com";
    page.note.value = "hello there";
    const early = captureEarlyInput(page.container);
    await act(async () => {
      hydrate(page.container, <Form />);
    });
    // Hydrated, the state is the server's (and React put the textarea's server text back).
    expect(page.output()).toBe("|hello");
    act(() => adoptEarlyInput(early));
    expect(page.output()).toBe("fan@example.com|hello there");
    expect(page.email.value).toBe("fan@example.com");
    // The app goes on answering the field as usual.
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(page.email, "fan@example.org");
      page.email.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(page.output()).toBe("fan@example.org|hello there");
  });

  it("leaves untouched fields, and their state, as the server rendered them", async () => {
    const page = serverRendered();
    const early = captureEarlyInput(page.container);
    expect(early.size).toBe(0);
    await act(async () => {
      hydrate(page.container, <Form />);
    });
    act(() => adoptEarlyInput(early));
    expect(page.output()).toBe("|hello");
    expect(page.note.value).toBe("hello");
  });
});
