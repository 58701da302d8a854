import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAirwave } from "../support/cli";
import { makeTempDir } from "../support/temp-dir";
import { useTestServer } from "../support/test-server";

const OLD = "the old password";
const NEW = "a brand new password";

function cookieOf(setCookie: string | string[] | undefined): string {
  return ([] as string[]).concat(setCookie ?? [])[0].split(";")[0];
}

describe("airwave set-password (writes the data folder directly)", () => {
  const fixture = useTestServer();
  const { api } = fixture;

  it("resets a forgotten password on the machine: the running server is told to restart, then only the new one signs in", { timeout: 60_000 }, async () => {
    const first = await api.put("/api/v1/auth/password", { password: OLD });
    expect(first.status).toBe(200);
    const oldSession = cookieOf(first.headers["set-cookie"]);

    const run = await runAirwave(["set-password"], { AIRWAVE_DATA_DIR: fixture.server.dataDir }, `${NEW}\n`);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Owner password set in .*settings\.json/);
    expect(run.stdout).toMatch(/The server \(pid \d+\) uses this folder: restart it/);
    expect(run.stdout).not.toContain(NEW);
    const settings = JSON.parse(fs.readFileSync(path.join(fixture.server.dataDir, "settings.json"), "utf8"));
    expect(settings.Auth.PasswordHash).toMatch(/^\$scrypt\$/);
    expect(fs.statSync(path.join(fixture.server.dataDir, "settings.json")).mode & 0o777).toBe(0o600);

    await fixture.restart();
    expect((await api.post("/api/v1/auth/sign-in", { password: OLD })).status).toBe(401);
    expect((await api.get("/api/v1/channels", { Cookie: oldSession })).status).toBe(401);
    const signedIn = await api.post("/api/v1/auth/sign-in", { password: NEW });
    expect(signedIn.status).toBe(200);
    expect((await api.get("/api/v1/channels", { Cookie: cookieOf(signedIn.headers["set-cookie"]) })).status).toBe(200);

    const removed = await runAirwave(["set-password", "--remove"], { AIRWAVE_DATA_DIR: fixture.server.dataDir });
    expect(removed.code).toBe(0);
    await fixture.restart();
    expect((await api.get("/api/v1/auth")).json.passwordSet).toBe(false);
    expect((await api.get("/api/v1/channels")).status).toBe(200);
  });

  it("--print-hash prints a hash for Auth__PasswordHash and writes nothing; a short password changes nothing", { timeout: 60_000 }, async () => {
    const dataDir = makeTempDir("airwave-set-password-");
    const printed = await runAirwave(["set-password", "--print-hash"], { AIRWAVE_DATA_DIR: dataDir }, `${NEW}\n`);
    expect(printed.code).toBe(0);
    expect(printed.stdout.trim()).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(fs.existsSync(path.join(dataDir, "settings.json"))).toBe(false);

    const short = await runAirwave(["set-password"], { AIRWAVE_DATA_DIR: dataDir }, "short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/must be 8 to 1024 characters long; nothing was changed/);
    expect(fs.existsSync(path.join(dataDir, "settings.json"))).toBe(false);

    await fixture.restart({ env: { Auth__PasswordHash: printed.stdout.trim() } });
    expect((await api.post("/api/v1/auth/sign-in", { password: NEW })).status).toBe(200);
  });
});
