import dgram from "node:dgram";
import os from "node:os";
import { deviceTargets, matchingTargets, notifyMessage, parseSearch, searchResponse, SSDP_MULTICAST_ADDRESS, type SsdpDevice } from "../guide/ssdp-messages";
import type { Logger } from "../logging/logger";

const ALIVE_EVERY_MS = 15 * 60_000;

export interface SsdpOptions {
  port: number;
  httpPort: number;
  uuid: string;
  log: Logger;
  /** Uniform in [0, 1): spreads replies over the search's MX window. */
  random: () => number;
}

/** IPv4 as a 32-bit number. */
function toNumber(address: string): number {
  return address.split(".").reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

/**
 * The address a searcher can reach us at: the interface on its subnet, loopback for a local searcher,
 * else the first LAN address.
 */
export function addressFor(requester: string, interfaces = os.networkInterfaces()): string {
  if (requester.startsWith("127.")) return "127.0.0.1";
  const candidates = Object.values(interfaces)
    .flat()
    .filter((i): i is os.NetworkInterfaceInfoIPv4 => !!i && i.family === "IPv4" && !i.internal);
  const target = toNumber(requester);
  const sameSubnet = candidates.find((i) => (toNumber(i.address) & toNumber(i.netmask)) === (target & toNumber(i.netmask)));
  return (sameSubnet ?? candidates[0])?.address ?? "127.0.0.1";
}

/**
 * Answers SSDP searches for the emulated HDHomeRun (off unless `HDHomeRun:Ssdp` is true) and announces it
 * on the multicast group at start, every 15 minutes, and with a bye-bye at stop. Owns its UDP socket.
 */
export class SsdpResponder {
  private socket: dgram.Socket | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SsdpOptions) {}

  async start(): Promise<void> {
    const socket = dgram.createSocket({ type: "udp4", reuseAddr: true });
    this.socket = socket;
    socket.on("error", (error) => this.options.log.warn(`SSDP: ${error.message}`));
    socket.on("message", (message, remote) => this.answer(message, remote));
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(this.options.port, () => {
        socket.off("error", reject);
        resolve();
      });
    });
    try {
      socket.addMembership(SSDP_MULTICAST_ADDRESS);
      socket.setMulticastTTL(2);
    } catch (error) {
      this.options.log.warn(`SSDP: cannot join the multicast group (${(error as Error).message}); answering direct searches only`);
    }
    this.announce("alive");
    this.timer = setInterval(() => this.announce("alive"), ALIVE_EVERY_MS);
    this.timer.unref();
    this.options.log.info(`SSDP discovery on UDP port ${this.options.port}`);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    await this.announce("byebye", socket);
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private device(address: string): SsdpDevice {
    return { uuid: this.options.uuid, location: `http://${address}:${this.options.httpPort}/device.xml`, server: `${os.type()}/${os.release()} UPnP/1.0 Airwave/1.0` };
  }

  private answer(message: Buffer, remote: dgram.RemoteInfo): void {
    if (message.length > 8192) return;
    const search = parseSearch(message.toString("utf8"));
    if (!search) return;
    const targets = matchingTargets(search.st, this.options.uuid);
    if (!targets.length) return;
    const device = this.device(addressFor(remote.address));
    // Spread answers over a fraction of MX, as UPnP asks, without keeping a searcher waiting long.
    const delay = Math.floor(this.options.random() * Math.min(search.mx * 1000, 500));
    setTimeout(() => {
      for (const target of targets) this.socket?.send(searchResponse(device, target), remote.port, remote.address);
    }, delay).unref();
  }

  private announce(kind: "alive" | "byebye", socket = this.socket): Promise<void> {
    if (!socket) return Promise.resolve();
    const device = this.device(addressFor("0.0.0.0"));
    const sends = deviceTargets(this.options.uuid).map(
      (target) => new Promise<void>((resolve) => socket.send(notifyMessage(device, target, kind), 1900, SSDP_MULTICAST_ADDRESS, () => resolve())),
    );
    return Promise.all(sends).then(() => undefined);
  }
}
