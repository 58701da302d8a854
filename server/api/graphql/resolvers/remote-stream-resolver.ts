import path from "node:path";
import { Arg, Ctx, Int, Mutation, Resolver } from "type-graphql";
import { headersFromList, type RemoteStreamInput } from "../../../services/remote-streams/remote-stream-service";
import type { GraphqlContext } from "../context";
import { RemoteStreamCreateInput } from "../inputs/remote-stream-inputs";
import { RemoteStreamCreatedType } from "../types/remote-stream-types";
import { toScanStatusType } from "./library-resolver";

@Resolver()
export class RemoteStreamResolver {
  @Mutation(() => RemoteStreamCreatedType, { description: "Adds a remote stream item to a RemoteStreams library (written as a file in its data folder, then scanned)." })
  async createRemoteStream(
    @Arg("libraryId", () => Int) libraryId: number,
    @Arg("input", () => RemoteStreamCreateInput) input: RemoteStreamCreateInput,
    @Ctx() ctx: GraphqlContext,
  ): Promise<RemoteStreamCreatedType> {
    const created = await ctx.services.remoteStreams.create(libraryId, toServiceInput(input));
    return { libraryId: created.libraryId, file: path.basename(created.file), scan: toScanStatusType(created.scan) };
  }
}

/** GraphQL's nulls as absent fields, headers as the object the rules check. */
function toServiceInput(input: RemoteStreamCreateInput): RemoteStreamInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== null && value !== undefined && key !== "headers") out[key] = value;
  const headers = headersFromList(input.headers);
  if (headers) out.headers = headers;
  return out as unknown as RemoteStreamInput;
}
