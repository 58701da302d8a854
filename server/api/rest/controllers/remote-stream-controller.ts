import { Body, Controller, Path, Post, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { toRemoteStreamCreatedDto, type RemoteStreamCreateRequest, type RemoteStreamCreatedDto } from "../dto/remote-stream-dto";
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
}
