import { contextBridge, ipcRenderer } from "electron";

// The only native abilities the UI gets: a folder picker and the app's version.
contextBridge.exposeInMainWorld("airwave", {
  pickFolder: (): Promise<string | null> => ipcRenderer.invoke("airwave:pick-folder"),
  version: String(ipcRenderer.sendSync("airwave:version") ?? ""),
});
