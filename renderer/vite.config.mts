import react from "@vitejs/plugin-react";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.mts";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The UI build: static files in dist/renderer that the server serves at `/`. */
export default defineConfig({
  root: here,
  base: "/",
  plugins: [react(), precompress()],
  build: {
    outDir: path.resolve(here, "../dist/renderer"),
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    target: "es2022",
    // hls.js is one lazy chunk loaded only by the live preview.
    chunkSizeWarningLimit: 700,
  },
  server: {
    // `npx vite --config renderer/vite.config.ts` during development, against a running server.
    proxy: { "/graphql": "http://localhost:8409", "/api": "http://localhost:8409", "/iptv": "http://localhost:8409" },
  },
});
