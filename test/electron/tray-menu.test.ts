import { describe, expect, it } from "vitest";
import { trayMenu, type TrayActions } from "../../electron/tray-menu";

function actions(calls: string[]): TrayActions {
  return { open: () => calls.push("open"), copyPlaylistUrl: () => calls.push("copy"), openLogFolder: () => calls.push("logs"), quit: () => calls.push("quit") };
}

describe("the tray menu", () => {
  it("offers Open, Copy M3U URL, the log folder and Quit, wired to their actions", () => {
    const calls: string[] = [];
    const menu = trayMenu("ready", "http://127.0.0.1:8409", actions(calls));
    expect(menu[0]).toEqual({ label: "Server running at http://127.0.0.1:8409", enabled: false });
    const clickable = menu.filter((item) => item.click);
    expect(clickable.map((item) => item.label)).toEqual(["Open Airwave", "Copy M3U URL", "Open log folder", "Quit Airwave"]);
    for (const item of clickable) item.click!();
    expect(calls).toEqual(["open", "copy", "logs", "quit"]);
    expect(menu.find((item) => item.label === "Copy M3U URL")?.enabled).toBe(true);
  });

  it("copies the M3U URL only while the server runs, and says what the server is doing", () => {
    for (const state of ["starting", "restarting", "stopping", "stopped", "failed"] as const) {
      const menu = trayMenu(state, undefined, actions([]));
      expect(menu.find((item) => item.label === "Copy M3U URL")?.enabled, state).toBe(false);
      expect(menu.find((item) => item.label === "Quit Airwave"), state).toBeDefined();
    }
    expect(trayMenu("restarting", undefined, actions([]))[0].label).toMatch(/restarting/);
    expect(trayMenu("failed", undefined, actions([]))[0].label).toMatch(/log/);
  });
});
