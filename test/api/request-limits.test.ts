import http from "node:http";
import { describe, expect, it } from "vitest";
import { MAX_DEFINITION_BYTES } from "../../server/services/playout-validation-service";
import { MAX_SETUP_DOCUMENT_BYTES } from "../../server/services/setup-transfer/setup-transfer-service";
import { DomainError } from "../../server/services/domain-error";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();

/** A syntactically valid definition padded with a comment to `bytes` bytes. */
function definitionOf(bytes: number): string {
  const head = "content:\n  - collection: Movies\n    key: movies\n    order: shuffle\nplayout:\n  - all:\n    content: movies\n#";
  return head + "x".repeat(bytes - head.length);
}

/** Sends up to `total` bytes of a JSON string body in chunks without a Content-Length, stopping when the server answers. */
function sendChunked(url: string, path: string, total: number): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let sent = 0;
    let answered = false;
    const req = http.request({ host: target.hostname, port: target.port, method: "POST", path, headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, agent: false }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    req.write('{"definition":"');
    const pump = () => {
      while (sent < total && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end('"}');
    };
    pump();
  });
}

describe("request size limits", () => {
  it("a definition over the limit is refused by validate with 413 problem details naming the limit", async () => {
    expect(MAX_DEFINITION_BYTES).toBe(256 * 1024);
    const atLimit = await api.post("/api/v1/playouts/validate", { definition: definitionOf(MAX_DEFINITION_BYTES) });
    expect(atLimit.status).toBe(200);
    const response = await api.post("/api/v1/playouts/validate", { definition: definitionOf(MAX_DEFINITION_BYTES + 1) });
    expect(response.status).toBe(413);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({
      status: 413,
      title: "Payload too large",
      detail: "definition: is larger than the limit of 262144 bytes (256 KiB)",
      errors: [{ field: "definition", message: "is larger than the limit of 262144 bytes (256 KiB)" }],
    });
  });

  it("preview and create refuse an oversized definition the same way", async () => {
    const big = definitionOf(MAX_DEFINITION_BYTES + 10);
    const preview = await api.post("/api/v1/playouts/preview", { definition: big, start: "2026-01-01T00:00:00Z", hours: 1 });
    expect(preview.status).toBe(413);
    expect(preview.json.detail).toContain("262144 bytes (256 KiB)");
    const channel = await api.post("/api/v1/channels", { name: "Limits", number: "4130" });
    expect(channel.status).toBe(201);
    const created = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "Sequential", definition: big });
    expect(created.status).toBe(413);
    expect((await api.get(`/api/v1/channels/${channel.json.id}`)).json.playoutId ?? null).toBeNull();
  });

  it("GraphQL validatePlayout answers PAYLOAD_TOO_LARGE with the limit", async () => {
    const response = await api.graphql("query ($d: String) { validatePlayout(definition: $d) { valid } }", { d: definitionOf(MAX_DEFINITION_BYTES + 1) });
    expect(response.status).toBe(200);
    expect(response.json.errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
    expect(response.json.errors[0].message).toBe("definition: is larger than the limit of 262144 bytes (256 KiB)");
  });

  it("a JSON body over 1 MiB is refused with 413 naming the limit, by its Content-Length", async () => {
    const response = await api.post("/api/v1/import", { document: "x".repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ status: 413, title: "Payload too large", detail: "the request body is larger than the limit of 1048576 bytes (1 MiB)" });
  });

  it("a chunked 50 MB body (no Content-Length) is refused with 413 once it passes the limit; the server goes on serving", async () => {
    const response = await sendChunked(server.url, "/api/v1/playouts/validate", 50 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(response.json.detail).toBe("the request body is larger than the limit of 1048576 bytes (1 MiB)");
    expect((await api.get("/health")).status).toBe(200);
  });

  it("an import document over the limit is a TooLarge domain error (GraphQL and CLI callers reach the service directly)", async () => {
    expect(MAX_SETUP_DOCUMENT_BYTES).toBe(1024 * 1024);
    const error = await server.services.setupTransfer.importYaml(`format: 1\n#${"x".repeat(MAX_SETUP_DOCUMENT_BYTES)}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("TooLarge");
    expect((error as DomainError).message).toBe("document: is larger than the limit of 1048576 bytes (1 MiB)");
  });
});
