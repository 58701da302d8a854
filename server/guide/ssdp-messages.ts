/**
 * SSDP (UPnP discovery) messages of the emulated HDHomeRun tuner, so Plex, Jellyfin and Emby find it on the
 * LAN without typing its address. Pure text in, text out.
 */
export const SSDP_MULTICAST_ADDRESS = "239.255.255.250";

/** What the device answers to: every search target it is, in advertising order. */
export function deviceTargets(uuid: string): string[] {
  return ["upnp:rootdevice", `uuid:${uuid}`, "urn:schemas-upnp-org:device:MediaServer:1"];
}

export interface SsdpSearch {
  st: string;
  /** Seconds the searcher waits for answers (MX), clamped to 1..5. */
  mx: number;
}

/** An `M-SEARCH * HTTP/1.1` with `MAN: "ssdp:discover"`, or null for anything else (NOTIFYs, junk). */
export function parseSearch(datagram: string): SsdpSearch | null {
  const lines = datagram.split(/\r?\n/);
  if (!/^M-SEARCH \* HTTP\/1\.1$/i.test(lines[0]?.trim() ?? "")) return null;
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toUpperCase(), line.slice(colon + 1).trim());
  }
  if ((headers.get("MAN") ?? "").replace(/"/g, "") !== "ssdp:discover") return null;
  const st = headers.get("ST");
  if (!st) return null;
  const mx = Number.parseInt(headers.get("MX") ?? "1", 10);
  return { st, mx: Number.isFinite(mx) ? Math.min(Math.max(mx, 1), 5) : 1 };
}

/** The search targets to answer for a search: all of them for `ssdp:all`, else the one asked for if it is ours. */
export function matchingTargets(st: string, uuid: string): string[] {
  const targets = deviceTargets(uuid);
  if (st === "ssdp:all") return targets;
  return targets.filter((t) => t.toLowerCase() === st.toLowerCase());
}

export interface SsdpDevice {
  uuid: string;
  /** Absolute URL of `/device.xml`. */
  location: string;
  server: string;
}

function usn(device: SsdpDevice, target: string): string {
  return target === `uuid:${device.uuid}` ? target : `uuid:${device.uuid}::${target}`;
}

export function searchResponse(device: SsdpDevice, target: string): string {
  return [
    "HTTP/1.1 200 OK",
    "CACHE-CONTROL: max-age=1800",
    "EXT:",
    `LOCATION: ${device.location}`,
    `SERVER: ${device.server}`,
    `ST: ${target}`,
    `USN: ${usn(device, target)}`,
    "",
    "",
  ].join("\r\n");
}

export function notifyMessage(device: SsdpDevice, target: string, kind: "alive" | "byebye"): string {
  const lines = ["NOTIFY * HTTP/1.1", `HOST: ${SSDP_MULTICAST_ADDRESS}:1900`, `NT: ${target}`, `NTS: ssdp:${kind}`, `USN: ${usn(device, target)}`];
  if (kind === "alive") lines.push("CACHE-CONTROL: max-age=1800", `LOCATION: ${device.location}`, `SERVER: ${device.server}`);
  return [...lines, "", ""].join("\r\n");
}
