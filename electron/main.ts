import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, nativeImage, session, shell, Tray } from "electron";
import path from "node:path";
import { ServerLog } from "./supervisor/server-log";
import { serverEnvironment } from "./supervisor/server-environment";
import { ServerSupervisor, type ReadyMessage } from "./supervisor/server-supervisor";
import { trayMenu } from "./tray-menu";
import { utilityLauncher } from "./utility-launcher";
import { errorPageHtml, isAllowedNavigation, isAllowedPermission, navigationAction, playlistUrl, VERSION_ARGUMENT, WINDOW_WEB_PREFERENCES, windowOrigin } from "./window-policy";

// Electron calls only: every decision (start, ready, crash, restart, stop, failure) is the supervisor's.
const READY_TIMEOUT_MS = 60_000;
const ICONS = path.join(__dirname, "..", "..", "build", "icons");

let supervisor: ServerSupervisor | undefined;
let log: ServerLog | undefined;
let window: BrowserWindow | null = null;
let errorWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
let origin: string | undefined;
let quitting = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on("second-instance", () => showWindow());
  app.on("activate", () => showWindow()); // macOS: a click on the dock icon
  app.on("web-contents-created", (_event, contents) => lockDown(contents));
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox("Airwave could not start", error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

async function start(): Promise<void> {
  const dataDir = app.getPath("userData");
  log = new ServerLog(path.join(dataDir, "logs"));
  const env = await serverEnvironment({ base: process.env, dataDir, ffmpegDir: app.isPackaged ? path.join(process.resourcesPath, "ffmpeg") : undefined });
  supervisor = new ServerSupervisor({ launch: utilityLauncher({ entry: path.join(__dirname, "server-entry.js"), env, log }), readyTimeoutMs: READY_TIMEOUT_MS, logPath: log.path });

  const permissions = session.defaultSession;
  permissions.setPermissionRequestHandler((_contents, permission, callback, details) => callback(origin !== undefined && isAllowedPermission(permission, details.requestingUrl, origin)));
  permissions.setPermissionCheckHandler((_contents, permission, requestingOrigin) => origin !== undefined && isAllowedPermission(permission, requestingOrigin, origin));
  ipcMain.handle("airwave:pick-folder", async (event) => {
    if (!origin || !isAllowedNavigation(event.senderFrame?.url ?? "", origin)) return null;
    const owner = BrowserWindow.fromWebContents(event.sender);
    const result = owner ? await dialog.showOpenDialog(owner, { properties: ["openDirectory"] }) : await dialog.showOpenDialog({ properties: ["openDirectory"] });
    return result.canceled ? null : (result.filePaths[0] ?? null);
  });

  supervisor.on("state", updateTray);
  let restarted = false;
  supervisor.on("crash", () => (restarted = true));
  supervisor.on("ready", (ready: ReadyMessage) => {
    const next = windowOrigin(ready);
    const reload = restarted || next !== origin;
    origin = next;
    restarted = false;
    updateTray();
    // the page lost its server (and maybe its port) while the server restarted
    if (window && reload) void window.loadURL(`${origin}/`);
  });
  supervisor.on("failed", (reason: string) => showError(reason));
  createTray();
  try {
    await supervisor.start();
    showWindow();
  } catch {
    // "failed" already opened the error window
  }
}

/** Every page (the main window, the error window, anything they try to open) stays on the local origin. */
function lockDown(contents: Electron.WebContents): void {
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.on("will-navigate", (event) => {
    const action = navigationAction(event.url, origin ?? "", "navigate");
    if (action === "allow") return;
    event.preventDefault();
    if (action === "external") void shell.openExternal(event.url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (navigationAction(url, origin ?? "", "open") === "external") void shell.openExternal(url);
    return { action: "deny" };
  });
}

function showWindow(): void {
  if (supervisor?.state === "failed") return showError(supervisor.failureReason ?? "the server is not running");
  if (window) {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return;
  }
  if (!origin) return;
  window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    title: "Airwave",
    icon: path.join(ICONS, "icon.png"),
    webPreferences: { ...WINDOW_WEB_PREFERENCES, preload: path.join(__dirname, "preload.js"), additionalArguments: [`${VERSION_ARGUMENT}${app.getVersion()}`] },
  });
  window.on("closed", () => (window = null));
  void window.loadURL(`${origin}/`);
}

function showError(reason: string): void {
  window?.close();
  const html = errorPageHtml(reason, log?.path ?? path.join(app.getPath("userData"), "logs", "server.log"));
  if (!errorWindow) {
    errorWindow = new BrowserWindow({ width: 720, height: 420, title: "Airwave could not start", webPreferences: { ...WINDOW_WEB_PREFERENCES } });
    errorWindow.on("closed", () => {
      errorWindow = null;
      // Nothing runs without the server: closing its error window ends the app.
      if (supervisor?.state === "failed") app.quit();
    });
  }
  void errorWindow.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
  errorWindow.show();
}

function createTray(): void {
  tray = new Tray(nativeImage.createFromPath(path.join(ICONS, "tray.png")));
  tray.setToolTip("Airwave");
  updateTray();
}

function updateTray(): void {
  if (!tray || !supervisor) return;
  const running = supervisor.state === "ready" ? origin : undefined;
  tray.setContextMenu(
    Menu.buildFromTemplate(
      trayMenu(supervisor.state, running, {
        open: () => showWindow(),
        copyPlaylistUrl: () => running && clipboard.writeText(playlistUrl(running)),
        openLogFolder: () => void shell.openPath(path.dirname(log?.path ?? app.getPath("userData"))),
        quit: () => app.quit(),
      }),
    ),
  );
}

app.on("window-all-closed", () => {
  // The server keeps serving media players from the tray; Quit there ends it.
});

app.on("before-quit", (event) => {
  if (quitting) return;
  quitting = true;
  event.preventDefault();
  void (supervisor?.stop() ?? Promise.resolve())
    .then(() => log?.close())
    .finally(() => app.exit(0));
});
