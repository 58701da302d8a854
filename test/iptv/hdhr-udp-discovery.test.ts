import { execFile } from "node:child_process";
import dgram from "node:dgram";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerDiscover,
  crc32,
  decodeHdhrPacket,
  encodeHdhrPacket,
  HDHR_TAG,
  HDHR_TYPE_DISCOVER_REPLY,
  HDHR_TYPE_DISCOVER_REQUEST,
} from "../../server/guide/hdhr-discovery-packet";
import { discoveryBindings, HdhrUdpDiscovery } from "../../server/iptv/hdhr-udp-discovery";
import { createLogger } from "../../server/logging/logger";
import { apiClient } from "../support/http";
import { withTestServer } from "../support/test-server";

const run = promisify(execFile);

/** What libhdhomerun sends for `hdhomerun_config discover` (captured): wildcard device type and id. */
const LIBHDHOMERUN_REQUEST = Buffer.from("0002000c0104ffffffff0204ffffffff73cc7d8f", "hex");

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const request = (tags: Array<[number, Buffer]>) => Buffer.from(encodeHdhrPacket({ type: HDHR_TYPE_DISCOVER_REQUEST, tags: tags.map(([tag, value]) => ({ tag, value })) }));
const DEVICE = { deviceId: 0x1234567b, tunerCount: 3 };
const BASE = "http://192.168.1.20:8409";

function replyTags(bytes: Uint8Array): Map<number, Buffer> {
  const packet = decodeHdhrPacket(bytes);
  expect(packet?.type).toBe(HDHR_TYPE_DISCOVER_REPLY);
  return new Map(packet!.tags.map((t) => [t.tag, Buffer.from(t.value)]));
}

describe("HDHomeRun discovery packets", () => {
  it("the CRC is zlib's CRC-32, stored little-endian after the payload (libhdhomerun's own request decodes)", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    const packet = decodeHdhrPacket(LIBHDHOMERUN_REQUEST);
    expect(packet?.type).toBe(2);
    expect(packet?.tags.map((t) => [t.tag, Buffer.from(t.value).readUInt32BE()])).toEqual([[1, 0xffffffff], [2, 0xffffffff]]);
    expect(Buffer.from(encodeHdhrPacket(packet!)).equals(LIBHDHOMERUN_REQUEST)).toBe(true);
  });

  it("a matching request gets a reply with device type, id, tuner count, BaseURL and LineupURL", () => {
    const reply = answerDiscover(LIBHDHOMERUN_REQUEST, DEVICE, BASE)!;
    const tags = replyTags(reply);
    expect([...tags.keys()]).toEqual([HDHR_TAG.deviceType, HDHR_TAG.deviceId, HDHR_TAG.tunerCount, HDHR_TAG.baseUrl, HDHR_TAG.lineupUrl]);
    expect(tags.get(HDHR_TAG.deviceType)!.readUInt32BE()).toBe(1);
    expect(tags.get(HDHR_TAG.deviceId)!.readUInt32BE()).toBe(0x1234567b);
    expect([...tags.get(HDHR_TAG.tunerCount)!]).toEqual([3]);
    expect(tags.get(HDHR_TAG.baseUrl)!.toString("utf8")).toBe(BASE);
    expect(tags.get(HDHR_TAG.lineupUrl)!.toString("utf8")).toBe(`${BASE}/lineup.json`);
    const bytes = Buffer.from(reply);
    expect(bytes.readUInt16BE(0)).toBe(3);
    expect(bytes.readUInt16BE(2)).toBe(bytes.length - 8);
    expect(bytes.readUInt32LE(bytes.length - 4)).toBe(crc32(bytes.subarray(0, bytes.length - 4)));
  });

  it("answers tuner or wildcard types (also in a multi-type list) and our id or the wildcard", () => {
    const ok = (tags: Array<[number, Buffer]>) => answerDiscover(request(tags), DEVICE, BASE) !== null;
    expect(ok([[1, u32(1)], [2, u32(0x1234567b)]])).toBe(true);
    expect(ok([[1, u32(0xffffffff)], [2, u32(0x1234567b)]])).toBe(true);
    expect(ok([[0x2d, Buffer.concat([u32(5), u32(1)])], [2, u32(0xffffffff)]])).toBe(true);
    expect(ok([[1, u32(1)], [2, u32(0xffffffff)], [0x77, Buffer.from("unknown tag")]])).toBe(true);
    // Wrong type, wrong id, storage only, malformed values.
    expect(ok([[1, u32(5)], [2, u32(0xffffffff)]])).toBe(false);
    expect(ok([[0x2d, Buffer.concat([u32(5), u32(6)])], [2, u32(0xffffffff)]])).toBe(false);
    expect(ok([[1, u32(1)], [2, u32(0x1234567c)]])).toBe(false);
    expect(ok([[1, Buffer.from([0, 1])], [2, u32(0xffffffff)]])).toBe(false);
    expect(ok([[0x2d, Buffer.from([0, 0, 1])]])).toBe(false);
  });

  it("ignores packets of another type, with a bad CRC, too short, or whose items overrun", () => {
    const reply = Buffer.from(encodeHdhrPacket({ type: HDHR_TYPE_DISCOVER_REPLY, tags: [{ tag: 1, value: u32(1) }] }));
    expect(answerDiscover(reply, DEVICE, BASE)).toBeNull();
    const badCrc = Buffer.from(LIBHDHOMERUN_REQUEST);
    badCrc[badCrc.length - 1]! ^= 1;
    expect(answerDiscover(badCrc, DEVICE, BASE)).toBeNull();
    expect(answerDiscover(LIBHDHOMERUN_REQUEST.subarray(0, 7), DEVICE, BASE)).toBeNull();
    expect(answerDiscover(Buffer.alloc(0), DEVICE, BASE)).toBeNull();
    // The length field says more than there is; an item's length runs past the payload (CRC made valid).
    const long = Buffer.from(LIBHDHOMERUN_REQUEST);
    long.writeUInt16BE(200, 2);
    expect(decodeHdhrPacket(long)).toBeNull();
    const overrun = Buffer.from([0, 2, 0, 3, 1, 9, 0]);
    const withCrc = Buffer.concat([overrun, Buffer.alloc(4)]);
    withCrc.writeUInt32LE(crc32(overrun), overrun.length);
    expect(decodeHdhrPacket(withCrc)).toBeNull();
  });

  it("encodes long values with the two-byte length and reads them back", () => {
    const value = Buffer.alloc(300, 0x41);
    const bytes = encodeHdhrPacket({ type: 3, tags: [{ tag: 0x2a, value }] });
    expect([...bytes.subarray(4, 7)]).toEqual([0x2a, 0x80 | (300 & 0x7f), 300 >> 7]);
    expect(Buffer.from(decodeHdhrPacket(bytes)!.tags[0]!.value).equals(value)).toBe(true);
  });

  it("fuzz: any bytes decode to null or a packet, never a throw; any packet round-trips", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const reply = answerDiscover(bytes, DEVICE, BASE);
        if (reply) expect(decodeHdhrPacket(reply)?.type).toBe(HDHR_TYPE_DISCOVER_REPLY);
      }),
      { numRuns: 5000 },
    );
    const tag = fc.record({ tag: fc.integer({ min: 0, max: 255 }), value: fc.uint8Array({ maxLength: 400 }) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.array(tag, { maxLength: 6 }), (type, tags) => {
        const bytes = encodeHdhrPacket({ type, tags });
        if (bytes.length - 8 > 3072) expect(decodeHdhrPacket(bytes)).toBeNull();
        else expect(decodeHdhrPacket(bytes)).toEqual({ type, tags });
        // One flipped byte anywhere: dropped (CRC) or, in the CRC itself, dropped too.
        const flipped = Buffer.from(bytes);
        flipped[bytes.length >> 1]! ^= 0x10;
        expect(decodeHdhrPacket(flipped)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe("discovery sockets follow the listen address", () => {
  const interfaces = {
    lo: [{ address: "127.0.0.1", netmask: "255.0.0.0", family: "IPv4", internal: true, mac: "", cidr: null }],
    eth0: [{ address: "192.168.1.20", netmask: "255.255.255.0", family: "IPv4", internal: false, mac: "", cidr: null }],
  } as never;
  it("wildcard, one LAN address (plus its broadcast address), loopback, IPv6", () => {
    expect(discoveryBindings("0.0.0.0", interfaces)).toEqual([{ address: "0.0.0.0", advertise: null }]);
    expect(discoveryBindings("::", interfaces)).toEqual([{ address: "0.0.0.0", advertise: null }]);
    expect(discoveryBindings("192.168.1.20", interfaces)).toEqual([
      { address: "192.168.1.20", advertise: "192.168.1.20" },
      { address: "192.168.1.255", advertise: "192.168.1.20" },
    ]);
    expect(discoveryBindings("127.0.0.1", interfaces)).toEqual([{ address: "127.0.0.1", advertise: "127.0.0.1" }]);
    expect(discoveryBindings("localhost", interfaces)).toEqual([{ address: "127.0.0.1", advertise: "127.0.0.1" }]);
    expect(discoveryBindings("::1", interfaces)).toEqual([]);
  });
});

async function freeUdpPort(address = "127.0.0.1"): Promise<number> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, address, () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

async function clientSocket(): Promise<{ socket: dgram.Socket; replies: Buffer[]; port: number }> {
  const socket = dgram.createSocket("udp4");
  const replies: Buffer[] = [];
  socket.on("message", (m) => replies.push(m));
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  return { socket, replies, port: socket.address().port };
}

const send = (socket: dgram.Socket, bytes: Uint8Array, port: number, address = "127.0.0.1") =>
  new Promise<void>((resolve, reject) => socket.send(bytes, port, address, (error) => (error ? reject(error) : resolve())));

async function until<T>(check: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the UDP responder", () => {
  // The responder answers in the order requests arrive and logs each answer (debug) before sending it: once the
  // reply to a request sent last has come back, the log holds every answer to what was sent before it.
  let port: number;
  const lines: string[] = [];
  let responder: HdhrUdpDiscovery;
  beforeAll(async () => {
    port = await freeUdpPort();
    responder = new HdhrUdpDiscovery({ host: "127.0.0.1", port, httpPort: 8409, deviceId: "1234567B", tunerCount: 2, log: createLogger("debug", (l) => lines.push(l)) });
    await responder.start();
  });
  afterAll(() => responder.stop());
  const answeredTo = (clientPort: number) => lines.filter((l) => l.includes("discover request answered") && l.includes(`from=127.0.0.1:${clientPort}`)).length;

  it("answers libhdhomerun's request with the loopback base URL, and nothing else it is sent (junk, wrong id/type, fuzz)", async () => {
    const { socket, replies, port: clientPort } = await clientSocket();
    try {
      const junk = [
        Buffer.from([0, 1, 2, 255, 254]),
        Buffer.alloc(9000, 0x41),
        request([[1, u32(1)], [2, u32(0x1234567c)]]),
        request([[1, u32(5)], [2, u32(0xffffffff)]]),
        Buffer.from(encodeHdhrPacket({ type: HDHR_TYPE_DISCOVER_REPLY, tags: [] })),
        Buffer.concat([LIBHDHOMERUN_REQUEST.subarray(0, 16), Buffer.from([0, 0, 0, 0])]),
        ...fc.sample(fc.uint8Array({ minLength: 8, maxLength: 200 }), { numRuns: 200, seed: 28 }).map((b) => Buffer.from(b)),
      ];
      for (const bytes of junk) await send(socket, bytes, port);
      await send(socket, LIBHDHOMERUN_REQUEST, port);
      const reply = await until(() => replies[0], "the reply");
      expect(answeredTo(clientPort)).toBe(1);
      const tags = replyTags(reply);
      expect(tags.get(HDHR_TAG.deviceId)!.readUInt32BE()).toBe(0x1234567b);
      expect(tags.get(HDHR_TAG.baseUrl)!.toString()).toBe("http://127.0.0.1:8409");
      expect([...tags.get(HDHR_TAG.tunerCount)!]).toEqual([2]);
    } finally {
      socket.close();
    }
  });
});

describe("HDHomeRun UDP discovery in the server", () => {
  it("hdhomerun_config discover finds the device id on the server's address (UDP 65001), and its lineup URL works", async () => {
    // A loopback address of this test's own: another server (or test) on 65001 elsewhere does not take its packets.
    const host = `127.${28 + (process.pid % 200)}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
    await withTestServer({ env: { Server__Host: host, HDHomeRun__UdpDiscovery: "true" } }, async (server, api) => {
      const deviceId = ((await api.get("/discover.json")).json as { DeviceID: string }).DeviceID;
      const { stdout } = await run("hdhomerun_config", ["discover", host], { timeout: 15_000 });
      expect(stdout).toContain(`hdhomerun device ${deviceId} found at ${host}`);
      const lineup = await apiClient(`http://${host}:${server.port}`).get("/lineup.json");
      expect(lineup.status).toBe(200);
    });
  });

  it("says so in the log when the port is taken, and keeps serving HTTP", async () => {
    const holder = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => holder.bind(0, "127.0.0.1", () => resolve()));
    const lines: string[] = [];
    try {
      await withTestServer({ env: { HDHomeRun__UdpDiscovery: "true", HDHomeRun__UdpDiscoveryPort: String(holder.address().port), Logging__Level: "warn" }, onLog: (l) => lines.push(l) }, async (_server, api) => {
        expect(lines.join("")).toContain(`HDHomeRun UDP discovery is off: UDP port ${holder.address().port} is taken by another program`);
        expect((await api.get("/discover.json")).status).toBe(200);
      });
    } finally {
      holder.close();
    }
  });

  it("HDHomeRun:UdpDiscovery false binds nothing", async () => {
    const port = await freeUdpPort();
    await withTestServer({ env: { HDHomeRun__UdpDiscovery: "false", HDHomeRun__UdpDiscoveryPort: String(port) } }, async () => {
      // An exclusive bind of the port succeeds only when the server holds no socket on it.
      const probe = dgram.createSocket("udp4");
      await new Promise<void>((resolve, reject) => {
        probe.once("error", reject);
        probe.bind(port, "127.0.0.1", () => resolve());
      });
      probe.close();
    });
  });
});
