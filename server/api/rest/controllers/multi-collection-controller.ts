import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toMultiCollectionDto, type MultiCollectionDto, type MultiCollectionRequest } from "../dto/multi-collection-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

/**
 * Multi collections: ordered sets of collections and smart collections. Their routes must be
 * registered before `collections/{id}` (see tsoa.json), or `multi` would be read as an id.
 */
@Route("api/v1/collections/multi")
@Tags("Multi collections")
export class MultiCollectionController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every multi collection with its members.
   * @summary List multi collections
   */
  @Get()
  public async listMultiCollections(): Promise<MultiCollectionDto[]> {
    return (await this.context.services.multiCollections.list()).map(toMultiCollectionDto);
  }

  /**
   * One multi collection with its items (collections and smart collections, each with its playback order and whether it is scheduled as a group).
   * @isInt id
   * @summary Get a multi collection
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getMultiCollection(@Path() id: number): Promise<MultiCollectionDto> {
    return toMultiCollectionDto(await this.context.services.multiCollections.get(id));
  }

  /**
   * Each member names exactly one existing collection or smart collection, at most once.
   * @summary Create a multi collection
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createMultiCollection(@Body() body: MultiCollectionRequest): Promise<MultiCollectionDto> {
    const view = await this.context.services.multiCollections.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/collections/multi/${view.multiCollection.id}`);
    return toMultiCollectionDto(view);
  }

  /**
   * Renames and replaces every member at once; nothing changes when a rule is broken.
   * @isInt id
   * @summary Replace a multi collection
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateMultiCollection(@Path() id: number, @Body() body: MultiCollectionRequest): Promise<MultiCollectionDto> {
    return toMultiCollectionDto(await this.context.services.multiCollections.update(id, body));
  }

  /**
   * Refused (422) while a playlist, schedule item or filler preset uses the multi collection.
   * @isInt id
   * @summary Delete a multi collection
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteMultiCollection(@Path() id: number): Promise<void> {
    await this.context.services.multiCollections.delete(id);
    this.setStatus(204);
  }
}
