import { defineConfig } from "vitest/config";
import swc from "unplugin-swc";

// swc emits decorator metadata (type-graphql and TypeORM read it); vite's own transform may not.
export default defineConfig({
  plugins: [swc.vite({ module: { type: "es6" } })],
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default", "./test/support/summary-reporter.mjs"],
  },
});
