import { Body, Controller, Post, Response, Route, Tags } from "@tsoa/runtime";
import { toPlayoutValidationDto, type PlayoutValidationDto, type PlayoutValidationRequest } from "../dto/playout-validation-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/playouts")
@Tags("Playouts")
export class PlayoutValidationController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Validates a YAML playout definition, given as text (`definition`) or as an absolute path of a
   * file on the server (`scheduleFile`), with its imports. A definition with errors is still a
   * successful validation: 200 with `valid: false` and located errors. An unreadable file is such
   * an error too; 422 is for a request that does not give exactly one of the two, or a relative path.
   * @summary Validate a YAML playout definition
   */
  @Post("validate")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  @Response<ProblemDetails>(413, "The definition is larger than 256 KiB, or the body larger than 1 MiB")
  public async validatePlayout(@Body() body: PlayoutValidationRequest): Promise<PlayoutValidationDto> {
    return toPlayoutValidationDto(await this.context.services.playoutValidation.validate(body));
  }
}
