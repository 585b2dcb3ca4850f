// The operator's scripts read their command line before doing anything: a question gets the
// usage, a mistake gets the usage and exit 2, never a stack trace; the backup asks before it
// makes the database unavailable.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs a script with no terminal on stdin (as CI or a pipe would) and no Cloudflare credentials. */
function runScript(script: string, args: string[]) {
  const { CLOUDFLARE_API_TOKEN: _token, ...env } = process.env;
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run admin:create", () => {
  it("prints its usage on --help and exits 0", () => {
    const { status, stdout, stderr } = runScript("admin-create.mjs", ["--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain("npm run admin:create -- --env <staging|production> --email you@example.com --username you");
    expect(stdout).toContain("--site-url <url>");
    expect(stdout).toContain("npm run admin:create -- --env <staging|production> --email you@example.com --reissue");
    expect(stderr).toBe("");
  });

  it("refuses a --reissue with a username or a bad address before it touches any database", () => {
    for (const [args, message] of [
      [["--local", "--reissue", "--email", "owner@example.com", "--username", "owner"], "--reissue takes the administrator's --email only"],
      [["--local", "--reissue", "--email", "not-an-address"], "--email must be the administrator's e-mail address"],
    ] as const) {
      const { status, stdout, stderr } = runScript("admin-create.mjs", [...args]);
      expect(status, args.join(" ")).toBe(1);
      expect(stderr).toBe(`admin:create: ${message}\n`);
      expect(stdout).toBe("");
    }
  });

  it("prints the usage for an unknown option and exits 2, without a stack trace", () => {
    const { status, stderr } = runScript("admin-create.mjs", ["--bogus"]);
    expect(status).toBe(2);
    expect(stderr).toContain("admin:create: Unknown option '--bogus'");
    expect(stderr).toContain("Usage:");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe("npm run backup", () => {
  it("says the export makes the database unavailable, and refuses without --yes when there is no terminal", () => {
    const { status, stdout, stderr } = runScript("backup.mjs", ["--env", "production"]);
    expect(status).toBe(2);
    expect(stdout).toContain("unavailable to serve queries");
    expect(stdout).toContain("D1 Time Travel");
    expect(stderr).toContain("run it again with --yes");
    expect(stderr).toContain("nothing was exported");
  });

  it("prints its usage for a missing environment or an unknown option and exits 2", () => {
    for (const args of [[], ["--env", "production", "--force"]]) {
      const { status, stderr } = runScript("backup.mjs", args);
      expect(status, args.join(" ")).toBe(2);
      expect(stderr).toContain("Usage: npm run backup -- --env staging|production [--yes]");
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });
});
