import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import { CROSS_SITE_DETAIL } from "../../http/cross-site";
import type { GraphqlContext } from "./context";
import { GraphqlErrorCode } from "./errors";

/** Operations obey the REST access rule: mutations as writes, queries as reads (which need a credential only while an owner password is set). */
export const writeKeyPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        const mutation = operation?.operation === "mutation";
        const access = mutation ? contextValue.writeAccess : contextValue.readAccess;
        if (access === "allowed") return;
        if (access === "cross-site") {
          throw new GraphQLError(CROSS_SITE_DETAIL, { extensions: { code: GraphqlErrorCode.Forbidden, http: { status: 403 } } });
        }
        const passwordSet = contextValue.services.ownerAccess?.passwordSet ?? false;
        const message = passwordSet
          ? "sign in with the owner password (or send a valid X-Api-Key header): an owner password protects this server"
          : "a valid X-Api-Key header is required for mutations";
        throw new GraphQLError(message, { extensions: { code: GraphqlErrorCode.Unauthorized, http: { status: 401 } } });
      },
    };
  },
};
