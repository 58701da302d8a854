import { createHash } from "node:crypto";
import type { AppConfig } from "../../config/app-config";
import { hashPassword, verifyPassword } from "../../config/password-hash";
import { setInEnvironment, SettingsFileError, writeSettingsFile } from "../../config/settings-file";
import { SETTINGS_FILE } from "../../config/load-config";
import type { Database } from "../../db/database";
import { DomainError } from "../domain-error";
import { SignInLimiter, SIGN_IN_LIMITS } from "./sign-in-limiter";

/** A session lasts this long from sign-in; then the UI asks for the password again. */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** Password length bounds (characters). */
export const PASSWORD_LENGTH = { min: 8, max: 1024 } as const;
/** How long a checked session is trusted without asking the database again (sign-out on another node reaches this one by then). */
const SESSION_CACHE_MS = 30 * 1000;
const PASSWORD_KEY = "Auth:PasswordHash";

/** What the cookie carries (the token) and until when. */
export interface OwnerSessionGrant {
  token: string;
  expiresAt: number;
  lifetimeMs: number;
}

export interface OwnerAccessStatus {
  passwordSet: boolean;
  writeKeySet: boolean;
  /** `Auth__PasswordHash` is in the environment: the password cannot be changed over the network. */
  passwordFromEnvironment: boolean;
}

/** A password change: a new password, or null to remove it; the current one when one is set. */
export interface PasswordChange {
  password: string | null;
  currentPassword?: string;
}

export interface OwnerAccessDependencies {
  db: Database;
  config: AppConfig;
  environment: NodeJS.ProcessEnv;
  clock: () => number;
  /** Cryptographically random bytes (session tokens). */
  secretBytes: (count: number) => Buffer;
  /** Told every hash the moment it exists, for redaction (an earlier one stays redacted too). */
  secrets?: { add(value: string | null | undefined): void };
  /** The server's log (the Logs page): sign-ins, sign-outs, refusals and password changes, with the address. */
  log?: { info(message: string): void; warn(message: string): void };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The owner password and the UI sessions it opens. The password lives as a scrypt hash in settings.json
 * (`Auth:PasswordHash`, or the environment); sessions in the database, as hashes of their random tokens.
 * Knows nothing of cookies or HTTP: the edges carry the token.
 */
export class OwnerAccessService {
  private readonly limiter: SignInLimiter;
  private readonly checked = new Map<string, { until: number; expiresAt: number; passwordTag: string }>();

  constructor(private readonly deps: OwnerAccessDependencies) {
    this.limiter = new SignInLimiter(deps.clock);
  }

  get passwordSet(): boolean {
    return Boolean(this.deps.config.auth.passwordHash);
  }

  status(): OwnerAccessStatus {
    return {
      passwordSet: this.passwordSet,
      writeKeySet: Boolean(this.deps.config.api.writeKey),
      passwordFromEnvironment: setInEnvironment(this.deps.environment, PASSWORD_KEY),
    };
  }

  /** True when `password` is the owner password (no rate limit: callers that take it from a request use `checkCurrent`). */
  async passwordMatches(password: string): Promise<boolean> {
    const hash = this.deps.config.auth.passwordHash;
    return Boolean(hash) && (await verifyPassword(password, hash!));
  }

  /**
   * Signs in from `address` (the client's IP address): a session, or 401 for a wrong password, or 429 while
   * the address (or the LAN as a whole) has used up its tries (SIGN_IN_LIMITS).
   */
  async signIn(password: string, address: string): Promise<OwnerSessionGrant> {
    if (!this.passwordSet) throw DomainError.invalid("password", "no owner password is set: set one first (first-run page, Settings, or `airwave set-password`)");
    await this.checkCurrent(password, address, () => DomainError.unauthorized("the password is wrong"));
    this.deps.log?.info(`owner signed in from ${address}`);
    return this.openSession();
  }

  /** Ends the session with this token (nothing happens for an unknown one). */
  async signOut(token: string | undefined): Promise<void> {
    if (!token) return;
    const tokenHash = sha256(token);
    this.checked.delete(tokenHash);
    await this.deps.db.write((repos) => repos.ownerSessions.remove(tokenHash));
    this.deps.log?.info("owner signed out");
  }

  /** True for the token of a session that has not ended and was made under the current password. */
  async sessionValid(token: string | undefined): Promise<boolean> {
    const hash = this.deps.config.auth.passwordHash;
    if (!token || !hash || token.length > 200) return false;
    const now = this.deps.clock();
    const tokenHash = sha256(token);
    const tag = passwordTag(hash);
    const cached = this.checked.get(tokenHash);
    if (cached && cached.until > now) return cached.expiresAt > now && cached.passwordTag === tag;
    const session = await this.deps.db.read((repos) => repos.ownerSessions.find(tokenHash));
    if (!session) {
      this.checked.delete(tokenHash);
      return false;
    }
    if (this.checked.size > 1000) this.checked.clear();
    this.checked.set(tokenHash, { until: now + SESSION_CACHE_MS, expiresAt: session.expiresAt, passwordTag: session.passwordTag });
    return session.expiresAt > now && session.passwordTag === tag;
  }

  /**
   * Sets, changes or removes the owner password. The first one may be set by whoever asks (the first-run
   * page) unless a write key exists, which must then be presented; once one is set, changing or removing it
   * needs the current password (counted like sign-ins). Every other session ends; the caller gets a new one
   * when a password remains.
   */
  async setPassword(change: PasswordChange, proof: { writeKeyPresented: boolean; address: string }): Promise<OwnerSessionGrant | null> {
    if (setInEnvironment(this.deps.environment, PASSWORD_KEY)) {
      throw DomainError.invalid("password", "is set by the environment variable Auth__PasswordHash, which wins over settings.json");
    }
    if (this.passwordSet) {
      if (typeof change.currentPassword !== "string" || change.currentPassword === "") throw DomainError.invalid("currentPassword", "an owner password is set: give it to change or remove it");
      await this.checkCurrent(change.currentPassword, proof.address, () => DomainError.invalid("currentPassword", "is not the owner password"));
    } else if (this.deps.config.api.writeKey && !proof.writeKeyPresented) {
      throw DomainError.invalid("password", "a write key is set: setting the first owner password needs it (X-Api-Key)");
    }
    if (change.password !== null) {
      const length = [...change.password].length;
      if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) throw DomainError.invalid("password", `must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters long`);
    } else if (!this.passwordSet) return null;
    const hash = change.password === null ? null : await hashPassword(change.password);
    this.deps.secrets?.add(hash);
    this.deps.secrets?.add(this.deps.config.auth.passwordHash);
    try {
      writeSettingsFile(this.deps.config.dataDir, [[PASSWORD_KEY, hash]]);
    } catch (error) {
      if (error instanceof SettingsFileError) throw DomainError.invalid(SETTINGS_FILE, error.message);
      throw error;
    }
    const before = this.passwordSet;
    if (hash === null) delete this.deps.config.auth.passwordHash;
    else this.deps.config.auth.passwordHash = hash;
    this.deps.log?.info(`owner password ${hash === null ? "removed" : before ? "changed" : "set"} from ${proof.address}; every other session has ended`);
    this.checked.clear();
    await this.deps.db.write((repos) => repos.ownerSessions.prune(this.deps.clock(), hash === null ? null : passwordTag(hash)));
    return hash === null ? null : this.openSession();
  }

  /** `password` given from `address` is the owner password (counted like a sign-in: 429 while the limit holds). */
  async passwordGiven(password: string, address: string): Promise<boolean> {
    if (!this.passwordSet) return false;
    try {
      await this.checkCurrent(password, address, () => DomainError.unauthorized("the password is wrong"));
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.kind === "Unauthorized") return false;
      throw error;
    }
  }

  /** Takes a try from the limiter, then checks `password`: `wrong()` is thrown when it is not the owner's. */
  private async checkCurrent(password: string, address: string, wrong: () => DomainError): Promise<void> {
    const wait = this.limiter.take(address);
    if (wait > 0) {
      this.deps.log?.warn(`owner password try from ${address} refused: too many wrong passwords, next try in ${wait} s`);
      throw DomainError.rateLimited(`too many wrong passwords (${SIGN_IN_LIMITS.perAddress} per address in ${SIGN_IN_LIMITS.windowMs / 60_000} minutes): try again in ${wait} s`, wait);
    }
    if (!(await this.passwordMatches(password))) {
      this.deps.log?.warn(`wrong owner password from ${address}`);
      throw wrong();
    }
    this.limiter.succeeded(address);
  }

  private async openSession(): Promise<OwnerSessionGrant> {
    const now = this.deps.clock();
    const token = this.deps.secretBytes(32).toString("base64url");
    const expiresAt = now + SESSION_LIFETIME_MS;
    const tag = passwordTag(this.deps.config.auth.passwordHash!);
    await this.deps.db.write(async (repos) => {
      await repos.ownerSessions.prune(now, tag);
      await repos.ownerSessions.add({ tokenHash: sha256(token), passwordTag: tag, createdAt: now, expiresAt });
    });
    return { token, expiresAt, lifetimeMs: SESSION_LIFETIME_MS };
  }
}

/** Names the password a session was made under without revealing anything of it. */
function passwordTag(hash: string): string {
  return sha256(`airwave-session:${hash}`).slice(0, 32);
}
