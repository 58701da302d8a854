/**
 * The server's entry inside the desktop app (a utility process; also runs under plain Node).
 *
 * - The server starts helpers with `process.execPath` (the scanner, scripted playouts); under Electron
 *   that is the Electron binary, which runs plain Node only with ELECTRON_RUN_AS_NODE. It cannot be set on
 *   the utility process itself (Electron would start it as Node, not as a utility process), so it is set
 *   here and inherited by every child the server spawns.
 * - A stop message ({ type: "stop" }) stops the server the way SIGTERM does. Windows has no SIGTERM
 *   (utilityProcess.kill() terminates there), so the shell asks with this message on every platform.
 */
process.env.ELECTRON_RUN_AS_NODE = "1";

const isStop = (message: unknown) => typeof message === "object" && message !== null && (message as { type?: unknown }).type === "stop";
const stop = () => process.emit("SIGTERM", "SIGTERM");

const parentPort = (process as NodeJS.Process & { parentPort?: { on(event: "message", listener: (event: { data: unknown }) => void): void } }).parentPort;
parentPort?.on("message", (event) => isStop(event.data) && stop());
process.on("message", (message) => isStop(message) && stop());

// eslint-disable-next-line @typescript-eslint/no-require-imports
require("../server/main");
