/**
 * Runs before every test file (vitest setupFiles). Its afterAll is registered first, so it runs after
 * all of the file's own afterAll hooks: servers are stopped before their folders go.
 */
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dir";

afterAll(removeTempDirs);
