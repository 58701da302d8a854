import { Body, Controller, Delete, Get, Path, Post, Put, Query, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import {
  toPlaylistDto,
  toPlaylistGroupDto,
  type PlaylistDto,
  type PlaylistGroupDto,
  type PlaylistGroupRequest,
  type PlaylistRequest,
} from "../dto/playlist-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

// Both controllers live in this file on purpose: tsoa registers routes in declaration order, so
// `playlists/groups` comes before `playlists/{id}` and `groups` is never read as an id.

@Route("api/v1/playlists/groups")
@Tags("Playlists")
export class PlaylistGroupController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every playlist group, by name.
   * @summary List playlist groups
   */
  @Get()
  public async listPlaylistGroups(): Promise<PlaylistGroupDto[]> {
    return (await this.context.services.playlists.listGroups()).map(toPlaylistGroupDto);
  }

  /**
   * One playlist group: its id and name.
   * @isInt id
   * @summary Get a playlist group
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getPlaylistGroup(@Path() id: number): Promise<PlaylistGroupDto> {
    return toPlaylistGroupDto(await this.context.services.playlists.getGroup(id));
  }

  /**
   * Creates a playlist group; names are unique.
   * @summary Create a playlist group
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createPlaylistGroup(@Body() body: PlaylistGroupRequest): Promise<PlaylistGroupDto> {
    const group = await this.context.services.playlists.createGroup(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/playlists/groups/${group.id}`);
    return toPlaylistGroupDto(group);
  }

  /**
   * Renames the group; names are unique without regard to letter case.
   * @isInt id
   * @summary Rename a playlist group
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updatePlaylistGroup(@Path() id: number, @Body() body: PlaylistGroupRequest): Promise<PlaylistGroupDto> {
    return toPlaylistGroupDto(await this.context.services.playlists.updateGroup(id, body));
  }

  /**
   * Deletes the group and all its playlists; refused (422) while one of them is in use.
   * @isInt id
   * @summary Delete a playlist group
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deletePlaylistGroup(@Path() id: number): Promise<void> {
    await this.context.services.playlists.deleteGroup(id);
    this.setStatus(204);
  }
}

@Route("api/v1/playlists")
@Tags("Playlists")
export class PlaylistController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * All playlists, or those of one group (404 when the group does not exist).
   * @isInt groupId
   * @summary List playlists
   */
  @Get()
  @Response<ProblemDetails>(404, "Resource not found")
  public async listPlaylists(@Query() groupId?: number): Promise<PlaylistDto[]> {
    return (await this.context.services.playlists.list(groupId)).map(toPlaylistDto);
  }

  /**
   * One playlist with its items in order (each a collection, show, season, artist, smart or multi collection, or media item).
   * @isInt id
   * @summary Get a playlist
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getPlaylist(@Path() id: number): Promise<PlaylistDto> {
    return toPlaylistDto(await this.context.services.playlists.get(id));
  }

  /**
   * Creates a playlist in a group with its entries in order.
   * @summary Create a playlist
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createPlaylist(@Body() body: PlaylistRequest): Promise<PlaylistDto> {
    const view = await this.context.services.playlists.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/playlists/${view.playlist.id}`);
    return toPlaylistDto(view);
  }

  /**
   * Renames, moves and replaces every entry at once; nothing changes when a rule is broken.
   * @isInt id
   * @summary Replace a playlist
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updatePlaylist(@Path() id: number, @Body() body: PlaylistRequest): Promise<PlaylistDto> {
    return toPlaylistDto(await this.context.services.playlists.update(id, body));
  }

  /**
   * Refused (422) while a schedule item or filler preset uses the playlist.
   * @isInt id
   * @summary Delete a playlist
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deletePlaylist(@Path() id: number): Promise<void> {
    await this.context.services.playlists.delete(id);
    this.setStatus(204);
  }
}
