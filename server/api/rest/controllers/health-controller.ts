import { Controller, Get, Route, Tags } from "@tsoa/runtime";
import type { HealthCheck } from "../../../services/health/health-types";
import type { RestContext } from "../rest-context";

/** What may be wrong, for scripts and monitoring: the same checks as the Health page. */
@Route("api/v1/health")
@Tags("Health")
export class HealthController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every check with its status (ok, info, warning, failed), a one-line reason and what to do: FFmpeg and
   * ffprobe, each hardware acceleration, free disk space, the write key, library folders, failed scans,
   * enabled channels' playouts over the next 24 h, and the guide.
   * @summary Run the health checks
   */
  @Get("checks")
  public async listHealthChecks(): Promise<HealthCheck[]> {
    return this.context.services.health.run();
  }
}
