/**
 * Access tokens for the `/iptv/` routes (spec §5 "Token scheme for media feeds"): HS256 JWTs signed
 * with `JWT:IssuerSigningKey`, valid for one day. The scheme is on only when that key is set.
 * Signature checking (constant-time) and expiry checking are the `jsonwebtoken` library's.
 */
import { DomainError } from "./domain-error";

export const IPTV_TOKEN_LIFETIME_SECONDS = 24 * 3600;
const ALGORITHM = "HS256";
const SUBJECT = "iptv";
/** Loaded on first use: most servers never set a signing key, and the library costs ~1 MB of heap. */
const jwt = (): typeof import("jsonwebtoken") => require("jsonwebtoken") as typeof import("jsonwebtoken");

export interface MintedToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

export class IptvTokenService {
  constructor(
    private readonly signingKey: string | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  /** True when `/iptv/` routes require a token. */
  get enabled(): boolean {
    return this.signingKey !== undefined && this.signingKey !== "";
  }

  /** A new token valid for one day; a validation failure (422) when no signing key is configured. */
  mint(): MintedToken {
    if (!this.enabled) {
      throw DomainError.invalid("JWT:IssuerSigningKey", "no signing key is configured, so /iptv/ needs no token and none can be issued");
    }
    const issuedAt = Math.floor(this.clock() / 1000);
    const token = jwt().sign({ sub: SUBJECT, iat: issuedAt }, this.signingKey!, { algorithm: ALGORITHM, expiresIn: IPTV_TOKEN_LIFETIME_SECONDS });
    return { token, expiresAt: (issuedAt + IPTV_TOKEN_LIFETIME_SECONDS) * 1000 };
  }

  /**
   * True when the token is an HS256 JWT signed with the configured key and not expired. Issuer and
   * audience are not checked; a token without an expiry is refused (every token we issue has one).
   */
  verify(token: string | undefined): boolean {
    if (!this.enabled || !token) return false;
    try {
      const payload = jwt().verify(token, this.signingKey!, {
        algorithms: [ALGORITHM],
        clockTimestamp: Math.floor(this.clock() / 1000),
      });
      return typeof payload === "object" && payload !== null && typeof payload.exp === "number";
    } catch {
      return false;
    }
  }
}
