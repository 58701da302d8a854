import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import {
  toScheduleDto,
  toScheduleItemDto,
  type ScheduleDto,
  type ScheduleItemDto,
  type ScheduleItemRequest,
  type ScheduleItemsRequest,
  type ScheduleRequest,
} from "../dto/schedule-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/schedules")
@Tags("Schedules")
export class ScheduleController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every classic schedule, by name.
   * @summary List classic schedules
   */
  @Get()
  public async listSchedules(): Promise<ScheduleDto[]> {
    return (await this.context.services.schedules.list()).map(toScheduleDto);
  }

  /**
   * Creates a classic schedule (without items).
   * @summary Create a classic schedule
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createSchedule(@Body() body: ScheduleRequest): Promise<ScheduleDto> {
    const schedule = await this.context.services.schedules.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/schedules/${schedule.id}`);
    return toScheduleDto(schedule);
  }

  /**
   * One Classic schedule's settings (its items are read and replaced through /items).
   * @isInt id
   * @summary Get a classic schedule
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getSchedule(@Path() id: number): Promise<ScheduleDto> {
    return toScheduleDto(await this.context.services.schedules.get(id));
  }

  /**
   * Replaces the schedule's settings; its items are left as they are.
   * @isInt id
   * @summary Replace a classic schedule
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateSchedule(@Path() id: number, @Body() body: ScheduleRequest): Promise<ScheduleDto> {
    return toScheduleDto(await this.context.services.schedules.update(id, body));
  }

  /**
   * Deletes the schedule with its items; refused (422) while a playout uses it.
   * @isInt id
   * @summary Delete a classic schedule
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteSchedule(@Path() id: number): Promise<void> {
    await this.context.services.schedules.delete(id);
    this.setStatus(204);
  }

  /**
   * The items in their order.
   * @isInt id
   * @summary List a schedule's items
   */
  @Get("{id}/items")
  @Response<ProblemDetails>(404, "Resource not found")
  public async listScheduleItems(@Path() id: number): Promise<ScheduleItemDto[]> {
    return (await this.context.services.schedules.items(id)).map(toScheduleItemDto);
  }

  /**
   * Adds one item, shaped by its playout mode, at `index` (default: the end).
   * @isInt id
   * @summary Add a schedule item
   */
  @Post("{id}/items")
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async addScheduleItem(@Path() id: number, @Body() body: ScheduleItemRequest): Promise<ScheduleItemDto> {
    const item = await this.context.services.schedules.addItem(id, body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/schedules/${id}/items/${item.id}`);
    return toScheduleItemDto(item);
  }

  /**
   * Replaces every item at once (nothing changes when a rule is broken), then refreshes the Classic playouts using the schedule.
   * @isInt id
   * @summary Replace a schedule's items
   */
  @Put("{id}/items")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async replaceScheduleItems(@Path() id: number, @Body() body: ScheduleItemsRequest): Promise<ScheduleItemDto[]> {
    return (await this.context.services.schedules.replaceItems(id, body.items)).map(toScheduleItemDto);
  }

  /**
   * Deletes one item; later items move up. The last item cannot go (422) while a Classic playout uses the schedule.
   * @isInt id
   * @isInt itemId
   * @summary Delete a schedule item
   */
  @Delete("{id}/items/{itemId}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteScheduleItem(@Path() id: number, @Path() itemId: number): Promise<void> {
    await this.context.services.schedules.deleteItem(id, itemId);
    this.setStatus(204);
  }
}
