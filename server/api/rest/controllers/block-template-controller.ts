import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toBlockTemplateDto, type BlockTemplateDto, type BlockTemplateRequest } from "../dto/block-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/block-templates")
@Tags("Block templates")
export class BlockTemplateController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every block template (a day of blocks at local start times), by name.
   * @summary List block templates
   */
  @Get()
  public async listBlockTemplates(): Promise<BlockTemplateDto[]> {
    return (await this.context.services.blockTemplates.list()).map(toBlockTemplateDto);
  }

  /**
   * Creates a block template: blocks placed at local start times over a day.
   * @summary Create a block template
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createBlockTemplate(@Body() body: BlockTemplateRequest): Promise<BlockTemplateDto> {
    const view = await this.context.services.blockTemplates.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/block-templates/${view.template.id}`);
    return toBlockTemplateDto(view);
  }

  /**
   * One block template: the blocks it places, each at its local start time.
   * @isInt id
   * @summary Get a block template
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getBlockTemplate(@Path() id: number): Promise<BlockTemplateDto> {
    return toBlockTemplateDto(await this.context.services.blockTemplates.get(id));
  }

  /**
   * Replaces the template and its blocks at once (all valid, or nothing changes); Block playouts that
   * assign it are rebuilt (Refresh).
   * @isInt id
   * @summary Replace a block template
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateBlockTemplate(@Path() id: number, @Body() body: BlockTemplateRequest): Promise<BlockTemplateDto> {
    return toBlockTemplateDto(await this.context.services.blockTemplates.update(id, body));
  }

  /**
   * Deletes the template; refused (422) while a Block playout assigns it.
   * @isInt id
   * @summary Delete a block template
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteBlockTemplate(@Path() id: number): Promise<void> {
    await this.context.services.blockTemplates.delete(id);
    this.setStatus(204);
  }
}
