import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SessionsRepository } from '../access/sessions.repository';
import type { AuthUser } from '../access/current-user';

export interface TokenClaims {
  sub: number;
  jti: string;
}

/** Turns a token or a session id into the caller, fresh from the database (revocations apply at once). */
@Injectable()
export class SessionResolver {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
  ) {}

  async resolveToken(token: string): Promise<AuthUser | null> {
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    // A token scoped to one use (the queue dashboard's cookie) does not open a socket.
    if ((claims as TokenClaims & { scope?: unknown }).scope !== undefined) return null;
    const user = await this.resolveClaims(claims);
    // Nor does a session whose generated password was not changed yet.
    return user?.must_change_password ? null : user;
  }

  async resolveClaims(claims: Partial<TokenClaims>): Promise<AuthUser | null> {
    if (typeof claims.jti !== 'string' || !/^[0-9a-f-]{36}$/i.test(claims.jti)) return null;
    const user = await this.sessions.findActiveUser(claims.jti);
    return user && user.id === claims.sub ? user : null;
  }

  resolveSession(sessionId: string): Promise<AuthUser | null> {
    return this.sessions.findActiveUser(sessionId);
  }
}
