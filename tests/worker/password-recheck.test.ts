// The current password asked again (password change, e-mail change, account deletion, data
// export) bounds guessing from a borrowed session: past the limit per member or per client
// address, every answer is the same 429 BEFORE the password is checked, so even the right one
// learns nothing and changes nothing until the window ends.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, createUser, useFreshClientIp, type TestUser } from "./helpers";
import { RATE_LIMITS } from "../../worker/contracts/limits";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const NEW_PASSWORD = "a-brand-new-passphrase-42";
const [PER_MEMBER] = RATE_LIMITS.passwordChangeFailuresPerMember;
const [PER_ADDRESS] = RATE_LIMITS.passwordRecheckFailuresPerIp;

type Recheck = {
  name: string;
  send: (member: TestUser, password: string, ip: string) => Promise<Response>;
  /** What the right password changes; the same before and after a refused attempt. */
  state: (member: TestUser) => Promise<unknown>;
};

const post = (path: string, member: TestUser, ip: string, json: unknown) => call(path, { json, cookie: member.cookie, headers: { "cf-connecting-ip": ip } });

const userRow = (member: TestUser) => D1.prepare(`SELECT password_hash, email, pending_email FROM users WHERE id = ?`).bind(member.id).first();

const RECHECKS: Recheck[] = [
  {
    name: "password change",
    send: (member, password, ip) =>
      post("/api/account/password", member, ip, { currentPassword: password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    state: userRow,
  },
  {
    name: "e-mail change",
    send: (member, password, ip) => post("/api/auth/email-change", member, ip, { currentPassword: password, email: `new-${member.id}@fans.test` }),
    state: userRow,
  },
  {
    name: "account deletion",
    send: (member, password, ip) => post("/api/account/delete", member, ip, { currentPassword: password, confirmation: member.username }),
    state: userRow,
  },
  {
    name: "data export",
    send: (member, password, ip) => post("/api/account/export", member, ip, { currentPassword: password }),
    state: async (member) => [await userRow(member), (await MEDIA.list({ prefix: exportFolder(member) })).objects.length, await exportRows(member)],
  },
];

const exportRows = async (member: TestUser) =>
  (await D1.prepare(`SELECT count(*) AS n FROM rate_limits WHERE key = ?`).bind(`export:user:${member.id}`).first<{ n: number }>())!.n;

const exportFolder = (member: TestUser) => `private/exports/${member.id}/`;

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** Ends the current windows of the password counters, as the clock passing them would. */
const endWindows = () =>
  D1.prepare(`UPDATE rate_limits SET window_start = window_start - ? WHERE key LIKE 'password:fail%'`)
    .bind(24 * 60 * 60)
    .run();

describe.each(RECHECKS)("$name: the current password", ({ send, state }) => {
  it(`answers 403 to ${PER_MEMBER} wrong guesses, then 429 to wrong AND right ones alike, changing nothing until the window ends`, async () => {
    const member = await createUser("user");
    const ip = useFreshClientIp();
    const before = await state(member);
    for (let i = 0; i < PER_MEMBER; i++) {
      const res = await send(member, `wrong-guess-${i}`, ip);
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("invalid_credentials");
    }
    const wrong = await send(member, "one-more-wrong-guess", ip);
    const right = await send(member, member.password, ip);
    expect(wrong.status).toBe(429);
    expect(right.status).toBe(429);
    expect(await right.text()).toBe(await wrong.text());
    // From another address too: the member's own budget is spent.
    expect((await send(member, member.password, useFreshClientIp())).status).toBe(429);
    expect(await state(member)).toEqual(before);

    await endWindows();
    const after = await send(member, member.password, ip);
    expect(after.status).toBeLessThan(300);
  });

  it(`answers 429 to a member whose address spent its ${PER_ADDRESS} wrong guesses on other members' sessions`, async () => {
    const ip = useFreshClientIp();
    const perMember = PER_MEMBER; // each borrowed session stays under its own limit
    const borrowed = await Promise.all(Array.from({ length: Math.ceil(PER_ADDRESS / perMember) }, () => createUser("user")));
    let guesses = 0;
    for (const other of borrowed) {
      for (let i = 0; i < perMember && guesses < PER_ADDRESS; i++, guesses++) expect((await send(other, `wrong-${guesses}`, ip)).status).toBe(403);
    }
    const member = await createUser("user");
    const before = await state(member);
    const right = await send(member, member.password, ip);
    expect(right.status).toBe(429);
    expect(await codeOf(right)).toBe("rate_limited");
    expect(await state(member)).toEqual(before);
    // Another address is not held back by this one.
    expect((await send(member, member.password, useFreshClientIp())).status).toBeLessThan(300);
  });
});

describe("guesses sent at once", () => {
  it(`let at most ${PER_MEMBER} be checked, however many arrive together`, async () => {
    const member = await createUser("user");
    const ip = useFreshClientIp();
    const send = RECHECKS[0]!.send;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(member, `burst-${i}`, ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(PER_MEMBER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - PER_MEMBER);
  });
});

describe("a right password", () => {
  it("forgets the member's earlier wrong guesses", async () => {
    const member = await createUser("user");
    const ip = useFreshClientIp();
    const send = RECHECKS[0]!.send;
    for (let i = 0; i < PER_MEMBER - 1; i++) expect((await send(member, `wrong-${i}`, ip)).status).toBe(403);
    expect((await send(member, member.password, ip)).status).toBe(200);
    // The password is new now; the count started again.
    const renewed = { ...member, password: NEW_PASSWORD };
    for (let i = 0; i < PER_MEMBER - 1; i++) expect((await send(renewed, `wrong-again-${i}`, ip)).status).toBe(403);
    expect((await send(renewed, renewed.password, ip)).status).toBe(200);
  });
});

describe("account deletion", () => {
  it("leaves no data-export archive of the member in R2", async () => {
    const member = await createUser("user");
    const ip = useFreshClientIp();
    expect([200, 202]).toContain((await RECHECKS[3]!.send(member, member.password, ip)).status);
    await vi.waitFor(
      async () => expect((await MEDIA.list({ prefix: exportFolder(member) })).objects.map((o) => o.key)).toContainEqual(expect.stringMatching(/\.zip$/)),
      { timeout: 10_000, interval: 50 },
    );
    expect((await RECHECKS[2]!.send(member, member.password, ip)).status).toBe(200);
    expect((await MEDIA.list({ prefix: exportFolder(member) })).objects).toEqual([]);
  });
});
