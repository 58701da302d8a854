import path from "node:path";
import { runNginx, type NginxServer } from "./nginx-process";
import { makeTempDir } from "./temp-dir";

export { renderAirwaveConf, type NginxServer } from "./nginx-process";

export const DEPLOY_TEMPLATE = path.join(__dirname, "..", "..", "deploy", "nginx", "airwave.conf");

/** nginx on a free loopback port in a temp folder, in front of `upstreams` (`host:port` of Airwave nodes). */
export function startNginx(upstreams: readonly string[]): Promise<NginxServer> {
  return runNginx(makeTempDir("airwave-nginx-"), upstreams, DEPLOY_TEMPLATE);
}
