import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, nativeImage, shell, Tray, utilityProcess } from "electron";
import fs from "node:fs";
import path from "node:path";
import { ServerSupervisor, type SupervisedProcess } from "./supervisor/server-supervisor";
import { isAllowedNavigation, isExternalLink, playlistUrl, WINDOW_WEB_PREFERENCES } from "./window-policy";

const READY_TIMEOUT_MS = 60_000;
let window: BrowserWindow | null = null;
let tray: Tray | null = null;
let origin = "";
let quitting = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on("second-instance", () => showWindow());
  void app.whenReady().then(start);
}

const logDir = () => path.join(app.getPath("userData"), "logs");
const logPath = () => path.join(logDir(), "server.log");

/** The server runs in Electron's utility process, data in userData, bundled FFmpeg from the app's resources. */
function launchServer(): SupervisedProcess {
  fs.mkdirSync(logDir(), { recursive: true });
  const log = fs.createWriteStream(logPath(), { flags: "a" });
  const child = utilityProcess.fork(path.join(__dirname, "..", "server", "main.js"), [], {
    stdio: "pipe",
    serviceName: "Airwave server",
    env: {
      ...process.env,
      AIRWAVE_DATA_DIR: app.getPath("userData"),
      Server__Host: "127.0.0.1",
      Server__Port: process.env.Server__Port ?? "0",
      ...(app.isPackaged ? { AIRWAVE_FFMPEG_DIR: path.join(process.resourcesPath, "ffmpeg") } : {}),
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child as unknown as SupervisedProcess;
}

const supervisor = new ServerSupervisor({ launch: launchServer, readyTimeoutMs: READY_TIMEOUT_MS, logPath: logPath() });

async function start(): Promise<void> {
  ipcMain.on("airwave:version", (event) => (event.returnValue = app.getVersion()));
  ipcMain.handle("airwave:pick-folder", async (event) => {
    if (!isAllowedNavigation(event.senderFrame?.url ?? "", origin)) return null;
    const result = await dialog.showOpenDialog({ properties: ["openDirectory"] });
    return result.canceled ? null : (result.filePaths[0] ?? null);
  });
  supervisor.on("ready", (ready: { url: string }) => {
    origin = ready.url;
    window?.loadURL(origin);
  });
  supervisor.on("failed", (reason: string) => showError(reason));
  try {
    const ready = await supervisor.start();
    origin = ready.url;
    createTray();
    showWindow();
  } catch (error) {
    showError(error instanceof Error ? error.message : String(error));
  }
}

function showWindow(): void {
  if (window) {
    if (window.isMinimized()) window.restore();
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
    webPreferences: { ...WINDOW_WEB_PREFERENCES, preload: path.join(__dirname, "preload.js") },
  });
  window.webContents.session.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === "clipboard-sanitized-write"));
  window.webContents.on("will-navigate", (event, url) => {
    if (isAllowedNavigation(url, origin)) return;
    event.preventDefault();
    if (isExternalLink(url)) void shell.openExternal(url);
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url) && !isAllowedNavigation(url, origin)) void shell.openExternal(url);
    return { action: "deny" };
  });
  window.on("closed", () => (window = null));
  void window.loadURL(origin);
}

function createTray(): void {
  if (tray) return;
  tray = new Tray(nativeImage.createFromPath(path.join(__dirname, "..", "..", "build", "icons", "tray.png")));
  tray.setToolTip("Airwave");
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: "Open Airwave", click: () => showWindow() },
      { label: "Copy M3U URL", click: () => clipboard.writeText(playlistUrl(origin)) },
      { type: "separator" },
      { label: "Quit", click: () => app.quit() },
    ]),
  );
}

function showError(reason: string): void {
  dialog.showErrorBox("Airwave could not start its server", `${reason}\n\nLog: ${logPath()}`);
}

app.on("window-all-closed", () => {
  // The server keeps running in the tray; Quit from the tray ends it.
});

app.on("before-quit", (event) => {
  if (quitting) return;
  quitting = true;
  event.preventDefault();
  void supervisor.stop().finally(() => app.exit(0));
});
