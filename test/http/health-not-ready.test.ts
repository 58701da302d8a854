import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { addMonitoringRoutes } from "../../server/http/monitoring-routes";
import { apiClient } from "../support/http";
import { createTestServices, type TestServices } from "../support/test-services";

const opened: Array<{ server: http.Server; services: TestServices }> = [];
afterEach(async () => {
  for (const { server, services } of opened.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
    await services.close();
  }
});

/** The /health route over the real readiness service, on a free port; `stopping` is the server's shutdown flag. */
async function healthServer(stopping: () => boolean, logged: string[] = []) {
  const services = await createTestServices({ seed: false });
  const app = express();
  addMonitoringRoutes(app, {
    metrics: { contentType: "text/plain", text: async () => "" },
    notReadyReason: () => services.services.readiness.notReadyReason(stopping(), (detail) => logged.push(detail)),
    mayReadMetrics: () => true,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  opened.push({ server, services });
  return { services, api: apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`) };
}

describe("GET /health when the server cannot serve", () => {
  it("answers 503 not ready with the reason while the server stops, and ready again otherwise", async () => {
    let stopping = true;
    const { api } = await healthServer(() => stopping);
    const response = await api.get("/health");
    expect(response.status).toBe(503);
    expect(response.json).toEqual({ status: "not ready", reason: "the server is stopping" });
    expect(response.headers["cache-control"]).toBe("no-store");
    stopping = false;
    expect((await api.get("/health")).json).toEqual({ status: "ready" });
  });

  it("answers 503 naming the database when it does not answer, the driver's text only in the log", async () => {
    const logged: string[] = [];
    const { services, api } = await healthServer(() => false, logged);
    await services.db.close();
    const response = await api.get("/health");
    expect(response.status).toBe(503);
    expect(response.json).toEqual({ status: "not ready", reason: "database not reachable" });
    expect(logged).toEqual([expect.stringMatching(/^the database does not answer: \S/)]);
  });
});
