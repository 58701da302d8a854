import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import type { AppConfig } from "./config/app-config";
import { Database } from "./db/database";
import type { Logger } from "./logging/logger";
import { createServices, type Services } from "./services";

export interface RunningServer {
  /** A URL a browser on this machine can open. */
  url: string;
  port: number;
  services: Services;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 10_000;

export async function startServer(config: AppConfig, log: Logger): Promise<RunningServer> {
  const db = await Database.open(config.dataDir);
  const services = createServices(db);
  let app;
  try {
    await services.seed.seed();
    app = await createApp({ config, services, log });
  } catch (error) {
    await db.close();
    throw error;
  }
  const server = http.createServer(app.app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.server.port, config.server.host, () => resolve());
    });
  } catch (error) {
    await app.stop();
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(config.server.host) ? "localhost" : config.server.host;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await drained;
      clearTimeout(timer);
      await app.stop();
      await db.close();
    })());

  return { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, port, services, close };
}
