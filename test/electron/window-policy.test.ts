import { describe, expect, it } from "vitest";
import {
  errorPageHtml,
  isAllowedNavigation,
  isAllowedPermission,
  isExternalLink,
  navigationAction,
  playlistUrl,
  WINDOW_WEB_PREFERENCES,
  windowOrigin,
} from "../../electron/window-policy";

const origin = "http://127.0.0.1:41234";

describe("the desktop window's policy", () => {
  it("isolates the page: context isolation, sandbox, no node integration, web security on", () => {
    expect(WINDOW_WEB_PREFERENCES).toMatchObject({ contextIsolation: true, nodeIntegration: false, nodeIntegrationInSubFrames: false, sandbox: true, webSecurity: true, webviewTag: false, allowRunningInsecureContent: false });
  });

  it("stays on the local server's origin", () => {
    expect(isAllowedNavigation("http://127.0.0.1:41234/channels?x=1#y", origin)).toBe(true);
    for (const url of ["http://127.0.0.1:41235/", "https://127.0.0.1:41234/", "http://localhost:41234/", "http://evil.example/", "file:///etc/passwd", "javascript:alert(1)", "not a url"]) {
      expect(isAllowedNavigation(url, origin), url).toBe(false);
    }
    expect(isAllowedNavigation("http://127.0.0.1:41234/", ""), "before the server is ready nothing is local").toBe(false);
  });

  it("hands only http(s) links to the system browser", () => {
    expect(isExternalLink("https://github.com/")).toBe(true);
    expect(isExternalLink("http://example.com/x")).toBe(true);
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "smb://host/share", "data:text/html,hi", ""]) expect(isExternalLink(url), url).toBe(false);
  });

  it("navigations stay local, external links go to the browser, everything else is refused; new windows never open in the app", () => {
    expect(navigationAction(`${origin}/guide`, origin, "navigate")).toBe("allow");
    expect(navigationAction("https://jellyfin.org/docs", origin, "navigate")).toBe("external");
    expect(navigationAction("file:///etc/passwd", origin, "navigate")).toBe("deny");
    expect(navigationAction("javascript:alert(1)", origin, "navigate")).toBe("deny");
    expect(navigationAction(`${origin}/docs`, origin, "open")).toBe("external");
    expect(navigationAction("https://example.com/", origin, "open")).toBe("external");
    expect(navigationAction("chrome://settings", origin, "open")).toBe("deny");
  });

  it("grants only the clipboard write and full screen, only to the local origin", () => {
    expect(isAllowedPermission("clipboard-sanitized-write", `${origin}/settings`, origin)).toBe(true);
    expect(isAllowedPermission("fullscreen", `${origin}/channels/1`, origin)).toBe(true);
    for (const permission of ["media", "geolocation", "notifications", "openExternal", "clipboard-read", "hid", "usb"]) {
      expect(isAllowedPermission(permission, `${origin}/`, origin), permission).toBe(false);
    }
    expect(isAllowedPermission("fullscreen", "https://evil.example/", origin)).toBe(false);
  });

  it("opens the window on loopback at the reported port, or on the host the server was bound to", () => {
    expect(windowOrigin({ port: 8409, url: "http://localhost:8409" })).toBe("http://127.0.0.1:8409");
    expect(windowOrigin({ port: 5000, url: "http://192.168.1.20:5000" })).toBe("http://192.168.1.20:5000");
    expect(windowOrigin({ port: 5001, url: "garbage" })).toBe("http://127.0.0.1:5001");
    expect(playlistUrl("http://127.0.0.1:41234/")).toBe("http://127.0.0.1:41234/iptv/channels.m3u");
    expect(playlistUrl(windowOrigin({ port: 8409, url: "http://localhost:8409" }))).toBe("http://127.0.0.1:8409/iptv/channels.m3u");
  });

  it("the error page names the reason and the log, escaped, and runs no script", () => {
    const html = errorPageHtml('the server did not report ready within 60000 ms; see <log>', "/home/a&b/.config/Airwave/logs/server.log");
    expect(html).toContain("did not report ready within 60000 ms; see &#60;log&#62;");
    expect(html).toContain("/home/a&#38;b/.config/Airwave/logs/server.log");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
  });
});
