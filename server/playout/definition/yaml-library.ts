/**
 * The `yaml` package, loaded on first use rather than at start-up: a server whose playouts never read or
 * write YAML (Classic, Block, ExternalJson channels; no setup export) does not hold its ~0.7 MB of code
 * and objects. Type-only imports of "yaml" stay ordinary imports; values come from here.
 */
let loaded: typeof import("yaml") | undefined;

export function yamlLibrary(): typeof import("yaml") {
  return (loaded ??= require("yaml") as typeof import("yaml"));
}
