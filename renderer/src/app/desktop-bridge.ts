/** What the desktop app's preload exposes; absent in a plain browser. */
export interface DesktopBridge {
  pickFolder?: () => Promise<string | null | undefined>;
  version?: string;
}

declare global {
  interface Window {
    airwave?: DesktopBridge;
  }
}

export function desktopBridge(): DesktopBridge | undefined {
  return window.airwave;
}
