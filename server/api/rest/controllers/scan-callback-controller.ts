import type { Request as ExpressRequest } from "express";
import { Body, Controller, Get, Path, Post, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ScanPlan, ScannedFile, ScanSummary } from "../../../domain/scan-protocol";
import { useLegacyErrorMapping } from "../../../http/problem-details";
import { DomainError } from "../../../services/domain-error";
import type { ProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";
import { isDirectLoopbackRequest } from "../../../http/loopback";

export interface ScanProgressRequest {
  /** 0–100 */
  percent: number;
  currentFolder?: string | null;
}

export interface ScanItemsRequest {
  files: ScannedFile[];
}

export interface ScanSeenRequest {
  paths: string[];
}

export interface ScanFailedRequest {
  message: string;
}

/**
 * Internal: scanner child processes report here. Exempt from the write key (they have no key), so
 * each route accepts only a scan id the server issued, while that scan runs, and only from this machine.
 */
@Route("api/v1/scan/{scanId}")
@Tags("Scanner callbacks (internal)")
export class ScanCallbackController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
    useLegacyErrorMapping(request.res!);
  }

  /**
   * Scanner callback (loopback only): the library's paths and the files it already knows, with size and modification time.
   * @summary Get a scan's plan
   */
  @Get("plan")
  @Response<ProblemDetails>(404, "Unknown or finished scan")
  public async getScanPlan(@Path() scanId: string): Promise<ScanPlan> {
    this.guard(scanId);
    return this.context.services.scanCallbacks.plan(scanId);
  }

  /**
   * Scanner callback (loopback only): percent done and the folder being walked.
   * @summary Report scan progress
   */
  @Post("progress")
  @SuccessResponse(204, "Recorded")
  @Response<ProblemDetails>(404, "Unknown or finished scan, or not from this machine")
  public async reportScanProgress(@Path() scanId: string, @Body() body: ScanProgressRequest): Promise<void> {
    this.guard(scanId);
    this.context.services.scanCallbacks.progress(scanId, body.percent, body.currentFolder ?? null);
    this.setStatus(204);
  }

  /**
   * Scanner callback (loopback only): a batch of probed files, stored in one transaction.
   * @summary Report scanned files
   */
  @Post("items")
  @Response<ProblemDetails>(404, "Unknown or finished scan, or not from this machine")
  public async reportScannedItems(@Path() scanId: string, @Body() body: ScanItemsRequest): Promise<{ ids: number[] }> {
    this.guard(scanId);
    return { ids: await this.context.services.scanCallbacks.ingest(scanId, body.files) };
  }

  /**
   * Scanner callback (loopback only): files found unchanged, so they are not trashed at the end.
   * @summary Report unchanged files
   */
  @Post("seen")
  @SuccessResponse(204, "Recorded")
  @Response<ProblemDetails>(404, "Unknown or finished scan, or not from this machine")
  public async reportSeenFiles(@Path() scanId: string, @Body() body: ScanSeenRequest): Promise<void> {
    this.guard(scanId);
    this.context.services.scanCallbacks.seen(scanId, body.paths);
    this.setStatus(204);
  }

  /**
   * Scanner callback (loopback only): the walk is complete; files not seen go to the trash.
   * @summary Report a finished scan
   */
  @Post("finished")
  @Response<ProblemDetails>(404, "Unknown or finished scan, or not from this machine")
  public async reportScanFinished(@Path() scanId: string, @Body() body: ScanSummary): Promise<{ trashed: number; restored: number }> {
    this.guard(scanId);
    return this.context.services.scanCallbacks.finish(scanId, body);
  }

  /**
   * Scanner callback (loopback only): the scan could not complete; nothing is trashed.
   * @summary Report a failed scan
   */
  @Post("failed")
  @SuccessResponse(204, "Recorded")
  @Response<ProblemDetails>(404, "Unknown or finished scan, or not from this machine")
  public async reportScanFailed(@Path() scanId: string, @Body() body: ScanFailedRequest): Promise<void> {
    this.guard(scanId);
    this.context.services.scanCallbacks.fail(scanId, body.message);
    this.setStatus(204);
  }

  private guard(scanId: string): void {
    if (!isDirectLoopbackRequest(this.request)) throw DomainError.notFound("Scan", scanId);
  }
}
