import type { ApolloServerPlugin } from "@apollo/server";
import { Kind, type OperationDefinitionNode } from "graphql";
import type { EventLog } from "../../domain/event-log";
import type { GraphqlContext } from "./context";

/**
 * Every GraphQL mutation is logged when its answer is sent, like a REST change: "change made" (or "change
 * refused" when it answered with errors) with the mutation fields it ran and the caller's address, never the
 * variables (they may hold a key or a password).
 */
export function changeLogPlugin(log: EventLog): ApolloServerPlugin<GraphqlContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response, contextValue }) {
          if (operation?.operation !== "mutation") return;
          const body = response.body;
          const errors = body.kind === "single" ? (body.singleResult.errors?.length ?? 0) : 0;
          log.info(errors ? "change refused" : "change made", {
            via: "graphql",
            mutations: mutationFields(operation).join(", "),
            ...(errors ? { errors } : {}),
            address: contextValue.proof.address,
          });
        },
      };
    },
  };
}

function mutationFields(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : "…"));
}
