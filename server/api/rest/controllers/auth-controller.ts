import type { Request as ExpressRequest } from "express";
import { Body, Controller, Get, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { readSessionCookie, sessionCookieHeader } from "../../../http/session-cookie";
import { DomainError } from "../../../services/domain-error";
import type { OwnerAccessService, OwnerSessionGrant } from "../../../services/owner-access/owner-access-service";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { presentedProof, type RestContext } from "../rest-context";

/** Whether this server is protected, and whether the caller is signed in. */
export interface OwnerAccessDto {
  /** An owner password is set: the UI signs in, and reads and writes under /api and /graphql need the session or the write key. */
  passwordSet: boolean;
  /** Api:WriteKey is set: scripts send it as X-Api-Key. */
  writeKeySet: boolean;
  /** The password comes from the environment (Auth__PasswordHash) and cannot be changed over the network. */
  passwordFromEnvironment: boolean;
  /** The request carried a session cookie of a session that has not ended. */
  signedIn: boolean;
}

export interface SignInRequest {
  password: string;
}

/** A new owner password, or null to remove it; `currentPassword` is needed while one is set. */
export interface PasswordChangeRequest {
  password: string | null;
  currentPassword?: string;
}

/**
 * The owner's sign-in for the UI. These routes need no session or key (they are how one gets a session) but
 * answer only pages of this server's own origin; the session travels in an HttpOnly, SameSite=Strict cookie.
 */
@Route("api/v1/auth")
@Tags("Owner sign-in")
export class AuthController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  /**
   * Whether an owner password or write key is set, and whether this browser is signed in.
   * @summary Get the sign-in state
   */
  @Get()
  public async getOwnerAccess(): Promise<OwnerAccessDto> {
    return this.state(await this.owner().sessionValid(readSessionCookie(this.request)));
  }

  /**
   * Checks the owner password and starts a session (Set-Cookie `airwave_session`, HttpOnly, SameSite=Strict,
   * 30 days). Each address has 5 tries in 15 minutes, all addresses but loopback together 20: then 429 with
   * Retry-After, and no password is checked until it has passed.
   * @summary Sign in
   */
  @Post("sign-in")
  @Response<ProblemDetails>(401, "The password is wrong")
  @Response<ValidationProblemDetails>(422, "No owner password is set")
  @Response<ProblemDetails>(429, "Too many wrong passwords; see Retry-After")
  public async signIn(@Body() body: SignInRequest): Promise<OwnerAccessDto> {
    const grant = await this.owner().signIn(body.password, presentedProof(this.context, this.request).address);
    this.setSession(grant);
    return this.state(true);
  }

  /**
   * Ends this browser's session (the cookie is cleared; the session cannot be used again from anywhere).
   * @summary Sign out
   */
  @Post("sign-out")
  @SuccessResponse(204, "Signed out")
  public async signOut(): Promise<void> {
    await this.owner().signOut(readSessionCookie(this.request));
    this.setSession(null);
    this.setStatus(204);
  }

  /**
   * Sets, changes or removes the owner password. The first one may be set by whoever completes the first-run
   * page, unless a write key is set (then send it as X-Api-Key); once one is set, `currentPassword` is needed
   * (tries counted like sign-ins). Every other session ends; this browser is signed in with the new password.
   * @summary Set or change the owner password
   */
  @Put("password")
  @Response<ValidationProblemDetails>(422, "Validation failed (password length, currentPassword, or a write key is set and was not sent)")
  @Response<ProblemDetails>(429, "Too many wrong passwords; see Retry-After")
  public async setPassword(@Body() body: PasswordChangeRequest): Promise<OwnerAccessDto> {
    const grant = await this.owner().setPassword({ password: body.password, currentPassword: body.currentPassword }, presentedProof(this.context, this.request));
    this.setSession(grant);
    return this.state(grant !== null);
  }

  private owner(): OwnerAccessService {
    const owner = this.context.services.ownerAccess;
    if (!owner) throw new DomainError("NotFound", "owner sign-in is not available on this server");
    return owner;
  }

  private setSession(grant: OwnerSessionGrant | null): void {
    this.setHeader("Set-Cookie", sessionCookieHeader(this.request, this.context.trustProxy, grant?.token ?? null, grant?.expiresAt, grant ? grant.expiresAt - grant.lifetimeMs : 0));
    this.setHeader("Cache-Control", "no-store");
  }

  private state(signedIn: boolean): OwnerAccessDto {
    return { ...this.owner().status(), signedIn };
  }
}
