import type { Request as ExpressRequest } from "express";
import { Body, Controller, Get, Path, Post, Response, Route, Tags } from "@tsoa/runtime";
import { DomainError } from "../../../services/domain-error";
import type * as In from "../../../services/scripted/scripted-inputs";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";
import { isDirectLoopbackRequest } from "../../../http/loopback";

/**
 * Called by the script of a scripted playout while its build runs: define content, then append items.
 * Every scheduling call answers with the build's context (current time, done or not). A build id is valid
 * only while its build session runs, and only from this machine (404 otherwise); exempt from the write key.
 */
@Route("api/v1/scripted/playout/build/{buildId}")
@Tags("Scripted builds")
@Response<ProblemDetails>(404, "No such build session is running")
@Response<ValidationProblemDetails>(422, "The call would make an invalid playout")
export class ScriptedBuildController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  private get builds() {
    if (!isDirectLoopbackRequest(this.request)) throw DomainError.notFound("Active build session", "");
    return this.context.services.scriptedBuilds;
  }

  private async withContext(buildId: string, work: Promise<unknown>): Promise<In.ScriptedContext> {
    await work;
    return this.builds.context(buildId);
  }

  /**
   * Where the build stands: the current time (where the next item starts), the window, and whether it is full.
   * @summary Get a scripted build's state
   */
  @Get("context")
  public getContext(@Path() buildId: string): Promise<In.ScriptedContext> {
    return this.builds.context(buildId);
  }

  /**
   * The duration of the item the content would play next (nothing is added).
   * @summary Peek at the next item of a content
   */
  @Get("peek_next/{content}")
  public peekNext(@Path() buildId: string, @Path() content: string): Promise<In.PeekNext> {
    return this.builds.peekNext(buildId, content);
  }

  /**
   * Scripted build command: adds items of a collection (by name or id) to the build.
   * @summary Add items of a collection
   */
  @Post("add_collection")
  public addCollection(@Path() buildId: string, @Body() body: In.AddCollectionInput) {
    return this.withContext(buildId, this.builds.addCollection(buildId, body));
  }

  /**
   * Scripted build command: adds items of a smart collection to the build.
   * @summary Add items of a smart collection
   */
  @Post("add_smart_collection")
  public addSmartCollection(@Path() buildId: string, @Body() body: In.AddSmartCollectionInput) {
    return this.withContext(buildId, this.builds.addSmartCollection(buildId, body));
  }

  /**
   * Scripted build command: adds items of a multi collection to the build.
   * @summary Add items of a multi collection
   */
  @Post("add_multi_collection")
  public addMultiCollection(@Path() buildId: string, @Body() body: In.AddMultiCollectionInput) {
    return this.withContext(buildId, this.builds.addMultiCollection(buildId, body));
  }

  /**
   * Scripted build command: adds items matching a search query to the build.
   * @summary Add items of a search query
   */
  @Post("add_search")
  public addSearch(@Path() buildId: string, @Body() body: In.AddSearchInput) {
    return this.withContext(buildId, this.builds.addSearch(buildId, body));
  }

  /**
   * Scripted build command: adds episodes of a show (by its guids) to the build.
   * @summary Add episodes of a show
   */
  @Post("add_show")
  public addShow(@Path() buildId: string, @Body() body: In.AddShowInput) {
    return this.withContext(buildId, this.builds.addShow(buildId, body));
  }

  /**
   * Scripted build command: adds items of a playlist to the build.
   * @summary Add items of a playlist
   */
  @Post("add_playlist")
  public addPlaylist(@Path() buildId: string, @Body() body: In.AddPlaylistInput) {
    return this.withContext(buildId, this.builds.addPlaylist(buildId, body));
  }

  /**
   * Scripted build command: adds a marathon (items grouped by show, season, artist or album) to the build.
   * @summary Add a marathon
   */
  @Post("add_marathon")
  public addMarathon(@Path() buildId: string, @Body() body: In.AddMarathonInput) {
    return this.withContext(buildId, this.builds.addMarathon(buildId, body));
  }

  /**
   * Scripted build command: plays every item of a content once.
   * @summary Play all of a content
   */
  @Post("add_all")
  public addAll(@Path() buildId: string, @Body() body: In.AddAllInput) {
    return this.withContext(buildId, this.builds.addAll(buildId, body));
  }

  /**
   * Scripted build command: plays the given number of items of a content.
   * @summary Play a number of items
   */
  @Post("add_count")
  public addCount(@Path() buildId: string, @Body() body: In.AddCountInput) {
    return this.withContext(buildId, this.builds.addCount(buildId, body));
  }

  /**
   * Scripted build command: plays items of a content for a duration, with optional filler.
   * @summary Play a content for a duration
   */
  @Post("add_duration")
  public addDuration(@Path() buildId: string, @Body() body: In.AddDurationInput) {
    return this.withContext(buildId, this.builds.addDuration(buildId, body));
  }

  /**
   * Scripted build command: plays content until the next multiple of the given minutes.
   * @summary Pad to the next boundary
   */
  @Post("pad_to_next")
  public padToNext(@Path() buildId: string, @Body() body: In.PadToNextInput) {
    return this.withContext(buildId, this.builds.padToNext(buildId, body));
  }

  /**
   * Scripted build command: plays content until a time of day (items are not cut).
   * @summary Pad until a time of day
   */
  @Post("pad_until")
  public padUntil(@Path() buildId: string, @Body() body: In.PadUntilInput) {
    return this.withContext(buildId, this.builds.padUntil(buildId, body));
  }

  /**
   * Scripted build command: plays content until an exact time (the last item is cut).
   * @summary Pad until an exact time
   */
  @Post("pad_until_exact")
  public padUntilExact(@Path() buildId: string, @Body() body: In.PadUntilExactInput) {
    return this.withContext(buildId, this.builds.padUntilExact(buildId, body));
  }

  /**
   * Scripted build command: leaves the channel off air until a time of day.
   * @summary Wait until a time of day
   */
  @Post("wait_until")
  public waitUntil(@Path() buildId: string, @Body() body: In.WaitUntilInput) {
    return this.withContext(buildId, this.builds.waitUntil(buildId, body));
  }

  /**
   * Scripted build command: leaves the channel off air until an exact time.
   * @summary Wait until an exact time
   */
  @Post("wait_until_exact")
  public waitUntilExact(@Path() buildId: string, @Body() body: In.WaitUntilExactInput) {
    return this.withContext(buildId, this.builds.waitUntilExact(buildId, body));
  }

  /**
   * Scripted build command: following items share one guide entry until the group stops.
   * @summary Start a guide group
   */
  @Post("start_epg_group")
  public startEpgGroup(@Path() buildId: string, @Body() body: In.StartEpgGroupInput) {
    return this.withContext(buildId, this.builds.startEpgGroup(buildId, body));
  }

  /**
   * Scripted build command: ends the running guide group.
   * @summary Stop a guide group
   */
  @Post("stop_epg_group")
  public stopEpgGroup(@Path() buildId: string) {
    return this.withContext(buildId, this.builds.stopEpgGroup(buildId));
  }

  /**
   * Scripted build command: following items carry the named watermark.
   * @summary Turn a watermark on
   */
  @Post("watermark_on")
  public watermarkOn(@Path() buildId: string, @Body() body: In.WatermarkInput) {
    return this.withContext(buildId, this.builds.watermark(buildId, true, body));
  }

  /**
   * Scripted build command: following items carry no watermark (or not the named one).
   * @summary Turn watermarks off
   */
  @Post("watermark_off")
  public watermarkOff(@Path() buildId: string, @Body() body: In.WatermarkInput) {
    return this.withContext(buildId, this.builds.watermark(buildId, false, body));
  }

  /**
   * Scripted build command: moves a content's position forward by a number of items.
   * @summary Skip items of a content
   */
  @Post("skip_items")
  public skipItems(@Path() buildId: string, @Body() body: In.SkipItemsInput) {
    return this.withContext(buildId, this.builds.skipItems(buildId, body));
  }

  /**
   * Scripted build command: moves a content's position to a season and episode.
   * @summary Skip to an item of a content
   */
  @Post("skip_to_item")
  public skipToItem(@Path() buildId: string, @Body() body: In.SkipToItemInput) {
    return this.withContext(buildId, this.builds.skipToItem(buildId, body));
  }
}
