import dgram from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchingTargets, notifyMessage, parseSearch, searchResponse } from "../../server/guide/ssdp-messages";
import { addressFor, SsdpResponder } from "../../server/iptv/ssdp-responder";
import { createLogger } from "../../server/logging/logger";
import { apiClient } from "../support/http";
import { useTestServer, withTestServer } from "../support/test-server";

async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

const search = (st: string, extra = "") => `M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 1\r\nST: ${st}\r\n${extra}\r\n`;

/**
 * Sends the datagrams in order from one socket and collects the answers until `done(answers)` holds;
 * throws when it does not within `timeoutMs`.
 */
async function collect(port: number, messages: Array<string | Buffer>, done: (answers: string[]) => boolean, timeoutMs = 5000): Promise<string[]> {
  const socket = dgram.createSocket("udp4");
  const answers: string[] = [];
  try {
    const finished = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no complete answer within ${timeoutMs} ms; got ${JSON.stringify(answers)}`)), timeoutMs);
      socket.on("message", (m) => {
        answers.push(m.toString("utf8"));
        if (done(answers)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
    for (const message of messages) await new Promise<void>((resolve, reject) => socket.send(message, port, "127.0.0.1", (error) => (error ? reject(error) : resolve())));
    await finished;
    return answers;
  } finally {
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}

const header = (answer: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(answer)?.[1]?.trim();

describe("SSDP messages", () => {
  it("parses searches and ignores anything else", () => {
    expect(parseSearch(search("ssdp:all"))).toEqual({ st: "ssdp:all", mx: 1 });
    expect(parseSearch(search("upnp:rootdevice").replace("MX: 1", "MX: 99"))?.mx).toBe(5);
    expect(parseSearch(search("ssdp:all").replace('"ssdp:discover"', '"ssdp:other"'))).toBeNull();
    expect(parseSearch("NOTIFY * HTTP/1.1\r\nNT: upnp:rootdevice\r\n\r\n")).toBeNull();
    expect(parseSearch("\u0000\u0001garbage")).toBeNull();
  });

  it("answers its own targets only, with USNs built on the install UUID", () => {
    expect(matchingTargets("ssdp:all", "u1")).toEqual(["upnp:rootdevice", "uuid:u1", "urn:schemas-upnp-org:device:MediaServer:1"]);
    expect(matchingTargets("URN:schemas-upnp-org:device:MediaServer:1", "u1")).toEqual(["urn:schemas-upnp-org:device:MediaServer:1"]);
    expect(matchingTargets("urn:schemas-upnp-org:device:Printer:1", "u1")).toEqual([]);
    const device = { uuid: "u1", location: "http://10.0.0.2:8409/device.xml", server: "X UPnP/1.0 Airwave/1.0" };
    expect(header(searchResponse(device, "upnp:rootdevice"), "USN")).toBe("uuid:u1::upnp:rootdevice");
    expect(header(searchResponse(device, "uuid:u1"), "USN")).toBe("uuid:u1");
    expect(header(notifyMessage(device, "upnp:rootdevice", "byebye"), "NTS")).toBe("ssdp:byebye");
    expect(header(notifyMessage(device, "upnp:rootdevice", "byebye"), "LOCATION")).toBeUndefined();
  });

  it("advertises the interface on the searcher's subnet", () => {
    const interfaces = {
      lo: [{ address: "127.0.0.1", netmask: "255.0.0.0", family: "IPv4", internal: true, mac: "", cidr: null }],
      eth0: [{ address: "192.168.1.20", netmask: "255.255.255.0", family: "IPv4", internal: false, mac: "", cidr: null }],
      eth1: [{ address: "10.1.0.5", netmask: "255.255.0.0", family: "IPv4", internal: false, mac: "", cidr: null }],
    } as never;
    expect(addressFor("10.1.7.7", interfaces)).toBe("10.1.0.5");
    expect(addressFor("192.168.1.99", interfaces)).toBe("192.168.1.20");
    expect(addressFor("172.16.0.1", interfaces)).toBe("192.168.1.20");
    expect(addressFor("127.0.0.1", interfaces)).toBe("127.0.0.1");
  });
});

describe("SSDP discovery of the running server", () => {
  let port: number;
  beforeAll(async () => {
    port = await freeUdpPort();
  });
  const { server } = useTestServer({ env: () => ({ HDHomeRun__Ssdp: "true", HDHomeRun__SsdpPort: String(port) }) });

  it("answers ssdp:all with the three targets; LOCATION serves device.xml whose UDN is the USN's uuid", async () => {
    const answers = await collect(port, [search("ssdp:all")], (got) => got.length === 3);
    const targets = answers.map((a) => header(a, "ST")!);
    expect(targets).toEqual(expect.arrayContaining(["upnp:rootdevice", "urn:schemas-upnp-org:device:MediaServer:1", expect.stringMatching(/^uuid:[0-9a-f-]{36}$/)]));
    const location = header(answers[0], "LOCATION")!;
    expect(location).toBe(`http://127.0.0.1:${new URL(server.url).port}/device.xml`);
    const xml = await apiClient(location.replace("/device.xml", "")).get("/device.xml");
    expect(xml.status).toBe(200);
    const uuid = /<UDN>uuid:([^<]+)<\/UDN>/.exec(xml.text)![1];
    for (const answer of answers) expect(header(answer, "USN")).toMatch(new RegExp(`^uuid:${uuid}`));
  });

  it("keeps answering after junk", async () => {
    const answers = await collect(port, [search("urn:schemas-upnp-org:device:Printer:1"), Buffer.from([0, 1, 2, 255, 254]), Buffer.alloc(20_000, 65), search("upnp:rootdevice")], (got) => got.length > 0);
    expect(answers.map((a) => header(a, "ST"))).toEqual(["upnp:rootdevice"]);
  });
});

describe("the SSDP responder without reply jitter", () => {
  // With random() = 0 every reply goes out at once, in the order the searches came: the answer to a
  // search sent last proves the responder has dealt with everything sent before it.
  let port: number;
  let responder: SsdpResponder;
  beforeAll(async () => {
    port = await freeUdpPort();
    responder = new SsdpResponder({ port, httpPort: 1234, uuid: "0f0e0d0c-0b0a-4908-8706-050403020100", log: createLogger("error", () => undefined), random: () => 0 });
    await responder.start();
  });
  afterAll(() => responder.stop());
  const isLast = (answer: string) => header(answer, "ST") === "upnp:rootdevice";

  it("stays silent for other targets and junk, answering the next search", async () => {
    const answers = await collect(port, [search("urn:schemas-upnp-org:device:Printer:1"), Buffer.from([0, 1, 2, 255, 254]), Buffer.alloc(20_000, 65), search("upnp:rootdevice")], (got) => got.some(isLast));
    expect(answers.map((a) => header(a, "ST"))).toEqual(["upnp:rootdevice"]);
  });

  it("answers ssdp:all with exactly the three targets", async () => {
    const answers = await collect(port, [search("ssdp:all"), search("upnp:rootdevice")], (got) => got.filter(isLast).length === 2);
    expect(answers.slice(0, 3).map((a) => header(a, "ST"))).toEqual(expect.arrayContaining(["upnp:rootdevice", "urn:schemas-upnp-org:device:MediaServer:1", "uuid:0f0e0d0c-0b0a-4908-8706-050403020100"]));
    expect(answers).toHaveLength(4);
  });
});

describe("SSDP is off by default", () => {
  it("a server without HDHomeRun:Ssdp does not answer", async () => {
    const port = await freeUdpPort();
    await withTestServer({ env: { HDHomeRun__SsdpPort: String(port) } }, async () => {
      // Nothing bound to the port: the kernel's "port unreachable" comes back as an error on a connected socket.
      const socket = dgram.createSocket("udp4");
      const refused = new Promise<NodeJS.ErrnoException>((resolve) => socket.once("error", resolve));
      await new Promise<void>((resolve) => socket.connect(port, "127.0.0.1", () => resolve()));
      socket.send(search("ssdp:all"));
      expect((await refused).code).toBe("ECONNREFUSED");
      socket.close();
    });
  });
});
