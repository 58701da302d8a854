import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * A signed-in UI session of the owner. Only the SHA-256 of the cookie's random token is stored, so the
 * database (and its backups) cannot be used to sign in. `passwordTag` names the password it was made
 * under: a new password (over the network or with `airwave set-password`) ends every older session.
 */
@Entity("owner_session")
export class OwnerSession {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @Column({ type: "varchar", length: 32 })
  passwordTag: string;

  /** Epoch milliseconds. */
  @Column({ type: "integer" })
  createdAt: number;

  /** Epoch milliseconds; the session ends then, whatever is done with it. */
  @Column({ type: "integer" })
  expiresAt: number;
}
