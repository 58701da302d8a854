import { Controller, Post, Response, Route, Tags } from "@tsoa/runtime";
import type { ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

export interface IptvTokenDto {
  /** HS256 JWT to pass as `access_token` (query parameter) or `Authorization: Bearer` to /iptv/ routes. */
  token: string;
  /** When the token stops working (one day after it was issued). */
  expiresAt: string;
}

/** Access tokens for the media-player routes under /iptv/ (only when `JWT:IssuerSigningKey` is configured). */
@Route("api/v1/iptv")
@Tags("IPTV")
export class IptvTokenController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Issues a token for /iptv/ (channel playlist, guide, streams), valid for one day. Fails with 422
   * when no signing key is configured (then /iptv/ needs no token).
   * @summary Issue an IPTV token
   */
  @Post("tokens")
  @Response<ValidationProblemDetails>(422, "No signing key is configured")
  public async createIptvToken(): Promise<IptvTokenDto> {
    const minted = this.context.services.iptvTokens.mint();
    return { token: minted.token, expiresAt: new Date(minted.expiresAt).toISOString() };
  }
}
