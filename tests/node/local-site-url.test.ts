// Where links in mails built outside a request lead under `npm start -- --port N` and `npm run dev`
// (scripts/lib/local-site-url.mjs): the port the local server listens on, unless the developer set
// an address of their own that is not a loopback one.
import { describe, expect, it } from "vitest";
import { localSiteUrl, withDotenvValue } from "../../scripts/lib/local-site-url.mjs";
import { parseDotenv } from "../../scripts/lib/demo-seed.mjs";

describe("localSiteUrl", () => {
  it("follows the port when there is no value or a loopback one", () => {
    expect(localSiteUrl(undefined, 8791)).toBe("http://127.0.0.1:8791");
    expect(localSiteUrl("http://127.0.0.1:8787", "8791")).toBe("http://127.0.0.1:8791");
    expect(localSiteUrl("http://localhost:5173/", 8787)).toBe("http://127.0.0.1:8787");
  });

  it("keeps a developer's own address", () => {
    expect(localSiteUrl("https://fans-dev.example.com", 8791)).toBe("https://fans-dev.example.com");
    expect(localSiteUrl("http://192.0.2.10:8787", 8791)).toBe("http://192.0.2.10:8787");
  });
});

describe("withDotenvValue", () => {
  const file = "# local\nAPP_ENV=local\nSITE_URL=http://127.0.0.1:8787\nSESSION_SECRET=abc\n";

  it("replaces the value's line and keeps the others", () => {
    const next = withDotenvValue(file, "SITE_URL", "http://127.0.0.1:8791");
    expect(parseDotenv(next)).toEqual({ APP_ENV: "local", SITE_URL: "http://127.0.0.1:8791", SESSION_SECRET: "abc" });
    expect(next.split("\n")[0]).toBe("# local");
  });

  it("adds the value when the file has none", () => {
    const next = withDotenvValue("APP_ENV=local", "SITE_URL", "http://127.0.0.1:8791");
    expect(next).toBe("APP_ENV=local\nSITE_URL=http://127.0.0.1:8791\n");
  });
});
