import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toCollectionDto, type CollectionDto, type CollectionItemsAddedDto, type CollectionItemsRequest, type CollectionRequest } from "../dto/collection-dto";
import { toMediaItemDto, type MediaItemDto } from "../dto/media-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/collections")
@Tags("Collections")
export class CollectionController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every manual collection, by name.
   * @summary List collections
   */
  @Get()
  public async listCollections(): Promise<CollectionDto[]> {
    return (await this.context.services.collections.list()).map(toCollectionDto);
  }

  /**
   * One manual collection: its name and how many members it has (a show or season counts once).
   * @isInt id
   * @summary Get a collection
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getCollection(@Path() id: number): Promise<CollectionDto> {
    return toCollectionDto(await this.context.services.collections.get(id));
  }

  /**
   * Creates an empty manual collection; names are unique.
   * @summary Create a collection
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createCollection(@Body() body: CollectionRequest): Promise<CollectionDto> {
    const view = await this.context.services.collections.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/collections/${view.collection.id}`);
    return toCollectionDto(view);
  }

  /**
   * Renames the collection; names are unique without regard to letter case.
   * @isInt id
   * @summary Rename a collection
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateCollection(@Path() id: number, @Body() body: CollectionRequest): Promise<CollectionDto> {
    return toCollectionDto(await this.context.services.collections.update(id, body));
  }

  /**
   * Deletes the collection (not its media); 422 while a multi collection, playlist, schedule item or filler preset still uses it.
   * @isInt id
   * @summary Delete a collection
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteCollection(@Path() id: number): Promise<void> {
    await this.context.services.collections.delete(id);
    this.setStatus(204);
  }

  /**
   * The media items of a manual collection, as they were added (movies, shows, seasons, episodes, artists, songs, other videos).
   * @isInt id
   * @summary List a collection's items
   */
  @Get("{id}/items")
  @Response<ProblemDetails>(404, "Resource not found")
  public async listCollectionItems(@Path() id: number): Promise<MediaItemDto[]> {
    return (await this.context.services.collections.members(id)).map(toMediaItemDto);
  }

  /**
   * Adds media items (a show or season is added as a unit). Every id must exist, or nothing is added.
   * @isInt id
   * @summary Add items to a collection
   */
  @Post("{id}/items")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async addCollectionItems(@Path() id: number, @Body() body: CollectionItemsRequest): Promise<CollectionItemsAddedDto> {
    const result = await this.context.services.collections.addItems(id, body.mediaItemIds);
    return { added: result.added, collection: toCollectionDto(result) };
  }

  /**
   * Removes one media item from the collection (the media stays in its library).
   * @isInt id
   * @isInt mediaItemId
   * @summary Remove an item from a collection
   */
  @Delete("{id}/items/{mediaItemId}")
  @SuccessResponse(204, "Removed")
  @Response<ProblemDetails>(404, "Resource not found")
  public async removeCollectionItem(@Path() id: number, @Path() mediaItemId: number): Promise<void> {
    await this.context.services.collections.removeItem(id, mediaItemId);
    this.setStatus(204);
  }
}
