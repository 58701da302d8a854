import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import type { Express } from "express";
import { requestBaseUrl } from "../../http/base-url";
import { keyMatches, requestAccess, WRITE_KEY_HEADER, type AccessPolicy } from "../../http/write-key";
import type { Services } from "../../services";
import { createGraphqlContext, type GraphqlContext } from "./context";
import { formatGraphqlError } from "./errors";
import { EXPLORER_PAGE } from "./explorer-page";
import { buildGraphqlSchema } from "./schema";
import { writeKeyPlugin } from "./write-key-plugin";
import { changeLogPlugin } from "./change-log-plugin";
import type { EventLog } from "../../domain/event-log";

export interface GraphqlOptions {
  services: Services;
  /** The access rule REST applies too (write key, owner session, cross-site). */
  access: AccessPolicy;
  trustProxy: boolean;
  log: EventLog;
}

/** Mounts Apollo at /graphql; returns a function that stops it. */
export async function mountGraphql(app: Express, options: GraphqlOptions): Promise<() => Promise<void>> {
  const apollo = new ApolloServer<GraphqlContext>({
    schema: await buildGraphqlSchema(),
    formatError: formatGraphqlError,
    includeStacktraceInErrorResponses: false,
    // The server owns shutdown (drain, then close the database); Apollo must not kill the process itself.
    stopOnTerminationSignals: false,
    // Inline tracing is for federated subgraphs; left implicit, Apollo loads it and its protobuf code (~2 MB).
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginInlineTraceDisabled(), writeKeyPlugin, changeLogPlugin(options.log)],
  });
  await apollo.start();

  app.get("/graphql", (req, res, next) => {
    if (req.query.query === undefined && req.accepts(["application/json", "text/html"]) === "text/html") {
      res.type("html").send(EXPLORER_PAGE);
      return;
    }
    next();
  });
  app.use(
    "/graphql",
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        const writeKey = options.access.writeKey();
        const proof = { writeKeyPresented: Boolean(writeKey) && keyMatches(req.headers[WRITE_KEY_HEADER], writeKey!), address: req.socket.remoteAddress ?? "unknown" };
        const [read, write] = await Promise.all([requestAccess(req, options.access, "read"), requestAccess(req, options.access, "write")]);
        return createGraphqlContext(options.services, requestBaseUrl(req, options.trustProxy), { read, write }, proof);
      },
    }),
  );
  return () => apollo.stop();
}
