import path from "node:path";
import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { headersFromList, type RemoteStreamInput, type RemoteStreamUpdate } from "../../../services/remote-streams/remote-stream-service";
import type { GraphqlContext } from "../context";
import { RemoteStreamCreateInput, RemoteStreamUpdateInput } from "../inputs/remote-stream-inputs";
import { RemoteStreamCreatedType, RemoteStreamType, RemoteStreamUpdatedType } from "../types/remote-stream-types";
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

  @Query(() => RemoteStreamType, { description: "A remote stream item as an edit form shows it (never the URL's query or a header's value)." })
  async remoteStream(@Arg("itemId", () => Int) itemId: number, @Ctx() ctx: GraphqlContext): Promise<RemoteStreamType> {
    return ctx.services.remoteStreams.view(itemId);
  }

  @Mutation(() => RemoteStreamUpdatedType, { description: "Changes a remote stream made through the API: the item and its file together; url and headers left out stay." })
  async updateRemoteStream(
    @Arg("itemId", () => Int) itemId: number,
    @Arg("input", () => RemoteStreamUpdateInput) input: RemoteStreamUpdateInput,
    @Ctx() ctx: GraphqlContext,
  ): Promise<RemoteStreamUpdatedType> {
    const updated = await ctx.services.remoteStreams.update(itemId, toServiceInput(input));
    return { itemId: updated.itemId, libraryId: updated.libraryId, file: path.basename(updated.file), scan: updated.scan ? toScanStatusType(updated.scan) : null };
  }

  @Mutation(() => Boolean, { description: "Deletes a remote stream made through the API with its file." })
  async deleteRemoteStream(@Arg("itemId", () => Int) itemId: number, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    await ctx.services.remoteStreams.delete(itemId);
    return true;
  }
}

/** GraphQL's nulls as absent fields, headers as the object the rules check. */
function toServiceInput(input: RemoteStreamCreateInput): RemoteStreamInput;
function toServiceInput(input: RemoteStreamUpdateInput): RemoteStreamUpdate;
function toServiceInput(input: RemoteStreamCreateInput | RemoteStreamUpdateInput): RemoteStreamInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== null && value !== undefined && key !== "headers") out[key] = value;
  const headers = headersFromList(input.headers);
  if (headers) out.headers = headers;
  return out as unknown as RemoteStreamInput;
}
