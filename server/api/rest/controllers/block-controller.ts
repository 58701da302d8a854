import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toBlockDto, type BlockDto, type BlockRequest } from "../dto/block-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/blocks")
@Tags("Blocks")
export class BlockController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every block with its items, by name.
   * @summary List blocks
   */
  @Get()
  public async listBlocks(): Promise<BlockDto[]> {
    return (await this.context.services.blocks.list()).map(toBlockDto);
  }

  /**
   * Creates a block with its items (content played in order for the block's duration).
   * @summary Create a block
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createBlock(@Body() body: BlockRequest): Promise<BlockDto> {
    const view = await this.context.services.blocks.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/blocks/${view.block.id}`);
    return toBlockDto(view);
  }

  /**
   * One block: its length in minutes, what happens when its content runs out, and its items in order.
   * @isInt id
   * @summary Get a block
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getBlock(@Path() id: number): Promise<BlockDto> {
    return toBlockDto(await this.context.services.blocks.get(id));
  }

  /**
   * Replaces the block and its whole item list at once (all valid, or nothing changes); Block playouts that
   * play it are rebuilt (Refresh).
   * @isInt id
   * @summary Replace a block
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateBlock(@Path() id: number, @Body() body: BlockRequest): Promise<BlockDto> {
    return toBlockDto(await this.context.services.blocks.update(id, body));
  }

  /**
   * Deletes the block with its items; refused (422) while a template places it.
   * @isInt id
   * @summary Delete a block
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteBlock(@Path() id: number): Promise<void> {
    await this.context.services.blocks.delete(id);
    this.setStatus(204);
  }
}
