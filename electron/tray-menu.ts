import type { SupervisorState } from "./supervisor/server-supervisor";

/** A tray menu entry; structurally an Electron MenuItemConstructorOptions, kept plain to be tested in Node. */
export interface TrayMenuItem {
  label?: string;
  type?: "separator";
  enabled?: boolean;
  click?: () => void;
}

export interface TrayActions {
  open(): void;
  copyPlaylistUrl(): void;
  openLogFolder(): void;
  quit(): void;
}

const STATUS: Record<SupervisorState, string> = {
  idle: "Server starting…",
  starting: "Server starting…",
  ready: "Server running",
  restarting: "Server restarting after a crash…",
  stopping: "Server stopping…",
  stopped: "Server stopped",
  failed: "Server failed: see the log",
};

/** The tray menu for the supervisor's state: Open, Copy M3U URL (only while the server runs), the log, Quit. */
export function trayMenu(state: SupervisorState, origin: string | undefined, actions: TrayActions): TrayMenuItem[] {
  const running = state === "ready" && origin !== undefined;
  return [
    { label: running ? `${STATUS.ready} at ${origin}` : STATUS[state], enabled: false },
    { type: "separator" },
    { label: "Open Airwave", click: actions.open },
    { label: "Copy M3U URL", enabled: running, click: actions.copyPlaylistUrl },
    { label: "Open log folder", click: actions.openLogFolder },
    { type: "separator" },
    { label: "Quit Airwave", click: actions.quit },
  ];
}
