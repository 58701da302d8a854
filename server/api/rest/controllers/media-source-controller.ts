import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toMediaSourceView } from "../../views/media-source-view";
import { toLibraryDto, type LibraryDto } from "../dto/library-dto";
import type {
  EnableLibraryRequest, ImportCollectionRequest, ImportedCollectionDto, MediaSourceDto, MediaSourceRequest, MediaSourceUpdateRequest,
  RemoteCollectionDto, RemoteLibraryDto, ServerIdentityDto,
} from "../dto/media-source-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/media-sources")
@Tags("Media sources")
export class MediaSourceController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every Plex, Jellyfin and Emby server Airwave syncs from. Credentials are never returned (`hasCredential`).
   * @summary List media sources
   */
  @Get()
  public async listMediaSources(): Promise<MediaSourceDto[]> {
    return (await this.context.services.mediaSources.list()).map(toMediaSourceView);
  }

  /**
   * One media source; the credential is never returned (`hasCredential`).
   * @isInt id
   * @summary Get a media source
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getMediaSource(@Path() id: number): Promise<MediaSourceDto> {
    return toMediaSourceView(await this.context.services.mediaSources.get(id));
  }

  /**
   * Tests the server first (reachable, that kind, credential accepted); a failure is a 422 naming it.
   * @summary Add a media source
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed, or the server test failed")
  public async createMediaSource(@Body() body: MediaSourceRequest): Promise<MediaSourceDto> {
    const source = await this.context.services.mediaSources.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/media-sources/${source.id}`);
    return toMediaSourceView(source);
  }

  /**
   * Changes the given fields; a new kind, URL or credential is tested against the server before it is stored.
   * @isInt id
   * @summary Change a media source
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed, or the server test failed")
  public async updateMediaSource(@Path() id: number, @Body() body: MediaSourceUpdateRequest): Promise<MediaSourceDto> {
    return toMediaSourceView(await this.context.services.mediaSources.update(id, body));
  }

  /**
   * Deletes the source with the libraries and collections synced from it.
   * @isInt id
   * @summary Delete a media source
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  public async deleteMediaSource(@Path() id: number): Promise<void> {
    await this.context.services.mediaSources.delete(id);
    this.setStatus(204);
  }

  /**
   * Checks reachability, the kind of server and the credential; answers the server's name, version and id.
   * @isInt id
   * @summary Test a media source
   */
  @Post("{id}/test")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "The test failed: unreachable, TLS, unauthorized, wrong kind or server error")
  public async testMediaSource(@Path() id: number): Promise<ServerIdentityDto> {
    return this.context.services.mediaSources.test(id);
  }

  /**
   * The server's libraries Airwave can use, with their kind and the Airwave library synced from each.
   * @isInt id
   * @summary List a source's libraries
   */
  @Get("{id}/libraries")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "The server could not be read")
  public async listRemoteLibraries(@Path() id: number): Promise<RemoteLibraryDto[]> {
    return this.context.services.mediaSources.libraries(id);
  }

  /**
   * Creates an Airwave library bound to a server library; scanning it (`POST /api/v1/libraries/{id}/scan`) syncs it.
   * @isInt id
   * @summary Enable a source's library
   */
  @Post("{id}/libraries")
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async enableRemoteLibrary(@Path() id: number, @Body() body: EnableLibraryRequest): Promise<LibraryDto> {
    const library = await this.context.services.mediaSources.enableLibrary(id, body.remoteLibraryId, body.name);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/libraries/${library.id}`);
    return toLibraryDto(await this.context.services.libraries.get(library.id));
  }

  /**
   * The server's collections (box sets) and playlists, with the Airwave collection mirroring each.
   * @isInt id
   * @summary List a source's collections and playlists
   */
  @Get("{id}/collections")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "The server could not be read")
  public async listRemoteCollections(@Path() id: number): Promise<RemoteCollectionDto[]> {
    return this.context.services.mediaSources.remoteCollections(id);
  }

  /**
   * Mirrors a server collection or playlist as an Airwave collection; every sync of the source refreshes it.
   * @isInt id
   * @summary Import a collection or playlist
   */
  @Post("{id}/collections")
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async importRemoteCollection(@Path() id: number, @Body() body: ImportCollectionRequest): Promise<ImportedCollectionDto> {
    const collectionId = await this.context.services.mediaSources.importCollection(id, body.remoteKind, body.remoteId, body.name);
    this.setStatus(201);
    return { collectionId };
  }
}
