import { Body, Controller, Delete, Get, Path, Post, Put, Query, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toMediaItemPageDto, type MediaItemPageDto } from "../dto/media-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { toSmartCollectionDto, type SmartCollectionDto, type SmartCollectionRequest } from "../dto/smart-collection-dto";
import type { RestContext } from "../rest-context";

/** Saved search queries. A query may include another with `smart_collection:"Name"`. */
@Route("api/v1/collections/smart")
@Tags("Smart collections")
export class SmartCollectionController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every smart collection with its query.
   * @summary List smart collections
   */
  @Get()
  public async listSmartCollections(): Promise<SmartCollectionDto[]> {
    return (await this.context.services.smartCollections.list()).map(toSmartCollectionDto);
  }

  /**
   * One smart collection: its name and its query in the search language.
   * @isInt id
   * @summary Get a smart collection
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getSmartCollection(@Path() id: number): Promise<SmartCollectionDto> {
    return toSmartCollectionDto(await this.context.services.smartCollections.get(id));
  }

  /**
   * A query that does not parse, or refers to itself, is 422 with the position of the problem.
   * @summary Create a smart collection
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createSmartCollection(@Body() body: SmartCollectionRequest): Promise<SmartCollectionDto> {
    const created = await this.context.services.smartCollections.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/collections/smart/${created.id}`);
    return toSmartCollectionDto(created);
  }

  /**
   * Replaces the name and the query; a query that does not parse, or refers to itself, is 422 with the position of the problem.
   * @isInt id
   * @summary Replace a smart collection
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateSmartCollection(@Path() id: number, @Body() body: SmartCollectionRequest): Promise<SmartCollectionDto> {
    return toSmartCollectionDto(await this.context.services.smartCollections.update(id, body));
  }

  /**
   * Deletes the smart collection; 422 while another smart collection's query, a multi collection, a schedule item or a filler preset still uses it.
   * @isInt id
   * @summary Delete a smart collection
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteSmartCollection(@Path() id: number): Promise<void> {
    await this.context.services.smartCollections.delete(id);
    this.setStatus(204);
  }

  /**
   * The media the query matches now.
   * @isInt id
   * @isInt pageNumber
   * @isInt pageSize
   * @summary List the media a smart collection matches
   */
  @Get("{id}/items")
  @Response<ProblemDetails>(404, "Resource not found")
  public async listSmartCollectionItems(@Path() id: number, @Query() pageNumber?: number, @Query() pageSize?: number): Promise<MediaItemPageDto> {
    return toMediaItemPageDto(await this.context.services.smartCollections.items(id, pageNumber, pageSize));
  }
}
