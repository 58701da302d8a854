import { contextBridge, ipcRenderer } from "electron";

// A sandboxed preload may require only "electron": the argument name is repeated from window-policy.ts
// (VERSION_ARGUMENT; a test checks both agree), and the version comes from main.ts's additionalArguments.
const VERSION_PREFIX = "--airwave-version=";
const version = process.argv.find((arg) => arg.startsWith(VERSION_PREFIX))?.slice(VERSION_PREFIX.length) ?? "";

// The only native abilities the UI gets: a folder picker and the app's version.
contextBridge.exposeInMainWorld("airwave", {
  pickFolder: (): Promise<string | null> => ipcRenderer.invoke("airwave:pick-folder"),
  version,
});
