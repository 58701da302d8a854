import dgram from "node:dgram";
import os from "node:os";
import { answerDiscover } from "../guide/hdhr-discovery-packet";
import type { Logger } from "../logging/logger";
import { addressFor } from "./ssdp-responder";

export interface HdhrUdpDiscoveryOptions {
  /** `Server:Host`: the sockets bind where the HTTP server listens. */
  host: string;
  /** 65001 for players; tests may use another. */
  port: number;
  httpPort: number;
  deviceId: string;
  tunerCount: number;
  log: Logger;
}

/** One socket to bind: `address`, and the address replies advertise (null: the interface facing the asker). */
export interface DiscoveryBinding {
  address: string;
  advertise: string | null;
}

function broadcastOf(address: string, netmask: string): string {
  const a = address.split(".").map(Number);
  const m = netmask.split(".").map(Number);
  return a.map((part, i) => (part | (~m[i]! & 0xff)) & 0xff).join(".");
}

/**
 * The sockets for a listen host: the wildcard for `0.0.0.0`/`::` (broadcast searches arrive there); for one
 * IPv4 address, that address and its subnet's broadcast address (so broadcast searches on that LAN arrive
 * too, and nothing from other interfaces); none for an IPv6-only host (libhdhomerun searches over IPv4).
 */
export function discoveryBindings(host: string, interfaces = os.networkInterfaces()): DiscoveryBinding[] {
  if (host === "0.0.0.0" || host === "::" || host === "[::]") return [{ address: "0.0.0.0", advertise: null }];
  const address = host === "localhost" ? "127.0.0.1" : host;
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return [];
  const bindings: DiscoveryBinding[] = [{ address, advertise: address }];
  const iface = Object.values(interfaces)
    .flat()
    .find((i) => i?.family === "IPv4" && i.address === address && !i.internal);
  if (iface) bindings.push({ address: broadcastOf(iface.address, iface.netmask), advertise: address });
  return bindings;
}

/**
 * Answers HDHomeRun discover requests on UDP (SiliconDust's libhdhomerun: `hdhomerun_config discover`,
 * Jellyfin's tuner detection, Channels DVR) with the device id, tuner count and base/lineup URLs of the
 * emulated tuner. Owns its sockets. They share the port (SO_REUSEADDR), as discovery listeners do, so a
 * program that holds the port exclusively is the only thing that makes `start` fail.
 */
export class HdhrUdpDiscovery {
  private sockets: dgram.Socket[] = [];

  constructor(private readonly options: HdhrUdpDiscoveryOptions) {}

  /** Binds every socket; throws (after closing those already bound) when one cannot bind. */
  async start(): Promise<void> {
    const bindings = discoveryBindings(this.options.host);
    if (!bindings.length) {
      this.options.log.warn(`HDHomeRun UDP discovery is off: Server:Host ${this.options.host} is not an IPv4 address, and players search over IPv4`);
      return;
    }
    try {
      for (const binding of bindings) this.sockets.push(await this.bind(binding));
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.options.log.info(`HDHomeRun UDP discovery on ${bindings.map((b) => `${b.address}:${this.options.port}`).join(", ")}`, { deviceId: this.options.deviceId });
  }

  async stop(): Promise<void> {
    const sockets = this.sockets;
    this.sockets = [];
    await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.close(() => resolve()))));
  }

  private async bind(binding: DiscoveryBinding): Promise<dgram.Socket> {
    const socket = dgram.createSocket({ type: "udp4", reuseAddr: true });
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(this.options.port, binding.address, () => {
        socket.off("error", reject);
        resolve();
      });
    });
    socket.on("error", (error) => this.options.log.warn(`HDHomeRun UDP discovery: ${error.message}`));
    socket.on("message", (message, remote) => this.answer(binding, message, remote));
    return socket;
  }

  private answer(binding: DiscoveryBinding, message: Buffer, remote: dgram.RemoteInfo): void {
    const address = binding.advertise ?? addressFor(remote.address);
    const reply = answerDiscover(message, { deviceId: Number.parseInt(this.options.deviceId, 16), tunerCount: this.options.tunerCount }, `http://${address}:${this.options.httpPort}`);
    if (!reply) return;
    this.options.log.debug("HDHomeRun discover request answered", { from: `${remote.address}:${remote.port}`, baseUrl: `http://${address}:${this.options.httpPort}` });
    // Through the first socket: a reply sent from the broadcast-address socket would carry that address as its source.
    this.sockets[0]?.send(reply, remote.port, remote.address);
  }
}
