import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { VERSION_ARGUMENT } from "../../electron/window-policy";

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(file);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [file] : [];
  });
}

const importsElectron = (file: string) => /^\s*import[^\n]*from "electron"|require\("electron"\)/m.test(fs.readFileSync(file, "utf8"));

describe("the desktop shell's build (electron/, types only: the Electron binary cannot run here)", () => {
  it("typechecks against electron's types with the build's own tsconfig", () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, "electron/tsconfig.json"), { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
    expect(parsed?.fileNames.map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(["electron/main.ts", "electron/preload.ts", "electron/server-entry.ts"]));
    const program = ts.createProgram(parsed!.fileNames, parsed!.options);
    const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.file && path.relative(root, d.file.fileName).startsWith("electron/"));
    expect(errors.map((d) => `${path.relative(root, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`)).toEqual([]);
  }, 60_000);

  it("npm run build emits the entry, the preload and the server entry into dist/electron", () => {
    for (const file of ["main.js", "preload.js", "server-entry.js", "window-policy.js", "supervisor/server-supervisor.js"]) {
      expect(fs.existsSync(path.join(root, "dist/electron", file)), `dist/electron/${file} (run npm run build)`).toBe(true);
    }
  });

  it("the preload requires nothing but electron (a sandboxed preload cannot load files) and reads the version argument main.ts passes", () => {
    const preload = fs.readFileSync(path.join(root, "dist/electron/preload.js"), "utf8");
    const required = [...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required).toEqual(["electron"]);
    expect(preload).toContain(JSON.stringify(VERSION_ARGUMENT));
    expect(preload).toMatch(/exposeInMainWorld\("airwave"/);
    expect(fs.readFileSync(path.join(root, "electron/main.ts"), "utf8")).toContain("additionalArguments: [`${VERSION_ARGUMENT}${app.getVersion()}`]");
  });

  it("nothing outside electron/ imports electron, and inside it only the Electron edges do", () => {
    const outside = ["server", "renderer/src", "test", "build", "bench"].flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? sources(path.join(root, dir)) : [])).filter(importsElectron);
    expect(outside.map((f) => path.relative(root, f))).toEqual([]);
    const inside = sources(path.join(root, "electron")).filter(importsElectron).map((f) => path.relative(root, f)).sort();
    expect(inside).toEqual(["electron/main.ts", "electron/preload.ts", "electron/utility-launcher.ts"]);
  });
});
