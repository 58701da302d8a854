import type { Request as ExpressRequest } from "express";
import { Body, Controller, Get, Path, Post, Query, Response, Route, Tags } from "@tsoa/runtime";
import type { MediaItemKind } from "../../../domain/enums";
import { toMediaItemDetailDto, toMediaItemPageDto, type MediaItemDetailDto, type MediaItemPageDto } from "../dto/media-dto";
import { toMediaMatchResponse, type MediaMatchRequest, type MediaMatchResponse } from "../dto/media-match-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { MediaSearchRequest } from "../dto/smart-collection-dto";
import { baseUrlOf, type RestContext } from "../rest-context";

@Route("api/v1/media")
@Tags("Media")
export class MediaController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  /**
   * Browses media items: filter by library, kind, or parent (a show's seasons, a season's episodes).
   * @isInt libraryId
   * @isInt parentId
   * @isInt pageNumber
   * @isInt pageSize
   * @summary List media items
   */
  @Get("items")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async listMediaItems(
    @Query() libraryId?: number,
    @Query() kind?: MediaItemKind,
    @Query() parentId?: number,
    @Query() includeTrashed?: boolean,
    @Query() pageNumber?: number,
    @Query() pageSize?: number,
  ): Promise<MediaItemPageDto> {
    return toMediaItemPageDto(await this.context.services.media.page({ libraryId, kind, parentId, includeTrashed, pageNumber, pageSize }), baseUrlOf(this.request));
  }

  /**
   * One media item with its file versions and their streams, genres, tags, studios and people, external ids (guids), child count and artwork.
   * @isInt id
   * @summary Get a media item
   */
  @Get("items/{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getMediaItem(@Path() id: number): Promise<MediaItemDetailDto> {
    return toMediaItemDetailDto(await this.context.services.media.detail(id), baseUrlOf(this.request));
  }

  /**
   * Runs a search query (the smart-collection language) and returns a page of matches. A query
   * that does not parse is 422 with the position of the problem.
   * @summary Search media
   */
  @Post("search")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async searchMedia(@Body() body: MediaSearchRequest): Promise<MediaItemPageDto> {
    return toMediaItemPageDto(await this.context.services.smartCollections.search(body.query, body.pageNumber, body.pageSize));
  }

  /**
   * The same search for clients that only read (no write key needed).
   * @isInt pageNumber
   * @isInt pageSize
   * @summary Search media (GET)
   */
  @Get("search")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async searchMediaByQuery(@Query() query: string, @Query() pageNumber?: number, @Query() pageSize?: number): Promise<MediaItemPageDto> {
    return toMediaItemPageDto(await this.context.services.smartCollections.search(query, pageNumber, pageSize));
  }

  /**
   * Finds the library items another program's programmes name: by their id on a media server whose library is a
   * source here first, then by external id (`source://value`), else by absolute file path. One answer per query, in order; an empty one where this library has no such playable item.
   * `airwave import --from dizquetv|tunarr` uses it.
   * @summary Match media by id or path
   */
  @Post("match")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async matchMedia(@Body() body: MediaMatchRequest): Promise<MediaMatchResponse> {
    return toMediaMatchResponse(await this.context.services.media.match(body.items));
  }
}
