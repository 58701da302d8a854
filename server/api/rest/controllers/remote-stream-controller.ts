import { Body, Controller, Delete, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import {
  toRemoteStreamCreatedDto,
  toRemoteStreamUpdatedDto,
  type RemoteStreamCreateRequest,
  type RemoteStreamCreatedDto,
  type RemoteStreamUpdateRequest,
  type RemoteStreamUpdatedDto,
} from "../dto/remote-stream-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/libraries")
@Tags("Libraries")
export class RemoteStreamController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Adds a remote stream item (a URL) to a `RemoteStreams` library: checked like an item file (every problem
   * named by its field; nothing stored when one is found), written as a YAML file into the library's own
   * folder in the data folder (backups and exports carry it), then read by a scan (202: the item appears
   * when the scan ends). A library of another kind is refused (422).
   * @isInt id
   * @summary Add a remote stream
   */
  @Post("{id}/remote-streams")
  @SuccessResponse(202, "Written; the scan that reads it runs")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createRemoteStream(@Path() id: number, @Body() body: RemoteStreamCreateRequest): Promise<RemoteStreamCreatedDto> {
    const created = await this.context.services.remoteStreams.create(id, body);
    this.setStatus(202);
    this.setHeader("Location", `/api/v1/libraries/${id}`);
    return toRemoteStreamCreatedDto(created);
  }

  /**
   * Changes a remote stream made through the API (its file in the library's own folder in the data folder):
   * checked like a new one (every problem named by its field; nothing changes when one is found); the item and its
   * file change together. `url` and `headers` left out keep the stored ones. A changed URL or headers starts a scan
   * that probes the source again. Items from a library folder's files or from an IPTV playlist are changed there
   * (422 naming `itemId`).
   * @isInt id
   * @isInt itemId The media item id of the remote stream.
   * @summary Change a remote stream
   */
  @Put("{id}/remote-streams/{itemId}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateRemoteStream(@Path() id: number, @Path() itemId: number, @Body() body: RemoteStreamUpdateRequest): Promise<RemoteStreamUpdatedDto> {
    return toRemoteStreamUpdatedDto(await this.context.services.remoteStreams.update(itemId, body, id));
  }

  /**
   * Deletes a remote stream made through the API: the item (and its place in collections and playlists) and its
   * file go together. Items from a library folder's files or from an IPTV playlist are removed there (422 naming
   * `itemId`).
   * @isInt id
   * @isInt itemId The media item id of the remote stream.
   * @summary Delete a remote stream
   */
  @Delete("{id}/remote-streams/{itemId}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteRemoteStream(@Path() id: number, @Path() itemId: number): Promise<void> {
    await this.context.services.remoteStreams.delete(itemId, id);
    this.setStatus(204);
  }
}
