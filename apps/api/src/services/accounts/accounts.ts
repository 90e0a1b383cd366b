import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, MESSAGES, PASSWORD_MIN_LENGTH, isValidEmail } from '@vox/contract/schemas';
import { DuplicateUserError, normalizeEmail, type UserRow } from '../../repositories/users';
import type { LockoutState } from '../../repositories/lockouts';
import { BadRequestError, ConflictError } from '../../domain-errors';
import type { MicrosoftIdentity } from './microsoft-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

const FAILURES_BEFORE_LOCK = 10;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 15 * 60_000;

/**
 * Brute-force defence for one account: the 10th consecutive failure locks it for a minute.
 * Once locked, the next failure after the lock ends locks it again for twice as long (2, 4, 8,
 * then 15 minutes at most), so guessing stays slow; a successful sign-in starts over.
 */
export function nextLockoutState(state: LockoutState, now: Date): LockoutState {
  const failedCount = state.failedCount + 1;
  if (failedCount < FAILURES_BEFORE_LOCK && state.lockCount === 0) return { ...state, failedCount };
  const lockCount = state.lockCount + 1;
  const duration = Math.min(FIRST_LOCK_MS * 2 ** (lockCount - 1), MAX_LOCK_MS);
  return { failedCount: 0, lockCount, lockedUntil: new Date(now.getTime() + duration).toISOString() };
}

/** When lock number n+1 would end, for n = 0 … the 15-minute cap: nextLockoutState's rule, for the SQL. */
function lockEnds(now: Date): string[] {
  const ends: string[] = [];
  for (let lockCount = 0; ; lockCount++) {
    const until = nextLockoutState({ failedCount: FAILURES_BEFORE_LOCK - 1, lockCount, lockedUntil: null }, now).lockedUntil as string;
    ends.push(until);
    if (Date.parse(until) - now.getTime() >= MAX_LOCK_MS) return ends;
  }
}

interface Accounts {
  /**
   * The user for these credentials, or null. Unknown user, wrong password and locked account
   * all answer null after the same amount of work (one argon2 verify), so callers answer them
   * identically and timing tells nothing.
   */
  verifyCredentials(username: string, password: string, now?: Date): Promise<UserRow | null>;
  /** A new member account; BadRequestError with the product's fixed texts, ConflictError when the email is taken. */
  register(username: string, password: string): Promise<UserRow>;
  /** The account for a verified Microsoft identity: by oid, else linked by verified email, else a new member. */
  microsoftAccount(identity: MicrosoftIdentity): Promise<UserRow>;
}

async function accounts(app: FastifyInstance) {
  const { usersRepository, lockoutsRepository, passwords } = app;
  app.decorate('accounts', {
    async verifyCredentials(username, password, now = new Date()) {
      const user = await usersRepository.findByLogin(username);
      if (!user) {
        await passwords.verify(null, password);
        return null;
      }
      // The attempt is counted before the hash is compared, atomically, so a burst of parallel
      // guesses gets at most the allowed number compared; the rest are refused unseen (after
      // the same work as an unknown user, so the answer and its timing tell nothing).
      const reserved = await lockoutsRepository.reserveAttempt(user.id, {
        now,
        threshold: FAILURES_BEFORE_LOCK,
        lockUntil: lockEnds(now),
      });
      if (!reserved) {
        await passwords.verify(null, password);
        return null;
      }
      if (!(await passwords.verify(user.password_hash, password))) return null;
      await lockoutsRepository.clear(user.id);
      if (user.password_hash && passwords.needsRehash(user.password_hash)) {
        await usersRepository.setPasswordHash(user.id, await passwords.hash(password));
      }
      return user;
    },

    async register(username, password) {
      const email = normalizeEmail(username);
      if (!isValidEmail(email)) throw new BadRequestError(MESSAGES.invalidEmail);
      if (password.length < PASSWORD_MIN_LENGTH) throw new BadRequestError(MESSAGES.shortPassword);
      if (await usersRepository.findByEmail(email)) throw new ConflictError(AUTH_MESSAGES.emailTaken);
      const passwordHash = await passwords.hash(password);
      try {
        return await usersRepository.create({ email, passwordHash, role: 'member' });
      } catch (err) {
        // Two sign-ups with one email at once: the database's unique index decides.
        if (err instanceof DuplicateUserError) throw new ConflictError(AUTH_MESSAGES.emailTaken);
        throw err;
      }
    },

    async microsoftAccount(identity) {
      const byOid = await usersRepository.findByMsOid(identity.oid);
      if (byOid) return byOid;
      if (identity.email) {
        const byEmail = await usersRepository.findByEmail(identity.email);
        if (byEmail) {
          if (byEmail.ms_oid && byEmail.ms_oid !== identity.oid) {
            // The email's account is tied to another Microsoft identity; never re-point it silently.
            throw new ConflictError(AUTH_MESSAGES.emailTaken);
          }
          await usersRepository.linkMicrosoft(byEmail.id, identity.oid);
          return { ...byEmail, ms_oid: identity.oid };
        }
      }
      try {
        return await usersRepository.create({ email: identity.email, passwordHash: null, name: identity.name, msOid: identity.oid });
      } catch (err) {
        if (!(err instanceof DuplicateUserError)) throw err;
        // A parallel first sign-in of the same person created it a moment ago.
        const created = await usersRepository.findByMsOid(identity.oid);
        if (created) return created;
        throw new ConflictError(AUTH_MESSAGES.emailTaken);
      }
    },
  } satisfies Accounts);
}

export default fp(accounts, {
  name: 'accounts',
  dependencies: ['users-repository', 'lockouts-repository', 'password-hashing'],
});
