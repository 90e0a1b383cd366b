import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, MESSAGES, PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, isValidEmail } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { passwordResetMail } from '../../mail/password-reset-mail';
import { normalizeEmail } from '../../repositories/users';
import type { PasswordResetRow } from '../../repositories/password-resets';
import { BadRequestError, TooManyRequestsError } from '../../domain-errors';
import { loadSecret } from '../../repositories/secrets';

const CODE_VALID_MINUTES = 10;
const MAX_WRONG_PER_CODE = 5;
const MAX_WRONG_PER_DAY = 10;
const RESEND_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    passwordReset: PasswordReset;
  }
}

interface PasswordReset {
  /** Creates and mails a code; answers the same whether or not an account has this email. */
  requestCode(username: string): Promise<void>;
  /** Checks a code without using it up (the form's code step). */
  verifyCode(username: string, code: string | number): Promise<void>;
  /** Uses the code up, sets the new password and ends every session of the account. */
  resetPassword(username: string, code: string | number, password: string): Promise<void>;
}

/** The one comparison of a code with the stored one (an object, so tests can count the comparisons). */
export const resetCodes = {
  matches(expected: Buffer, actual: Buffer): boolean {
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** The form sends the code as a number, which drops leading zeros: "012345" arrives as 12345. */
function normalizeCode(code: string | number): string {
  const text = typeof code === 'number' ? String(code) : code.trim();
  return /^\d{1,6}$/.test(text) ? text.padStart(RESET_CODE_LENGTH, '0') : text;
}

async function passwordReset(app: FastifyInstance, { config }: { config: Config }) {
  const { passwordResetsRepository: resets, usersRepository, passwords, mailer, authSessions, lockoutsRepository } = app;
  // Codes are stored as keyed hashes: a copy of the database alone does not reveal a live code,
  // and the 10^6 code space cannot be brute-forced offline without the pepper.
  const pepper = await loadSecret(app.db, config.dataDir, 'resetCodePepper', process.env.RESET_CODE_PEPPER);
  const hashCode = (email: string, code: string) => createHmac('sha256', pepper).update(`${email}\n${code}`).digest();

  const invalid = () => new BadRequestError(AUTH_MESSAGES.invalidCode);

  /** The live code row the code matches; a wrong code counts against the code and the day's budget. */
  async function check(username: string, code: string | number, now: Date): Promise<PasswordResetRow> {
    const email = normalizeEmail(username);
    if ((await resets.failuresSince(email, new Date(now.getTime() - DAY_MS))) >= MAX_WRONG_PER_DAY) {
      throw new TooManyRequestsError(AUTH_MESSAGES.tooManyWrongCodes);
    }
    const row = await resets.latest(email);
    // The try is reserved before the comparison, atomically: a burst of parallel guesses gets
    // at most MAX_WRONG_PER_CODE of them compared, whatever the timing.
    if (!row || !(await resets.reserveAttempt(row.id, now, MAX_WRONG_PER_CODE))) throw invalid();
    if (!resetCodes.matches(Buffer.from(row.code_hash, 'hex'), hashCode(email, normalizeCode(code)))) throw invalid();
    await resets.refundAttempt(row.id);
    return row;
  }

  app.decorate('passwordReset', {
    async requestCode(username) {
      const email = normalizeEmail(username);
      if (!isValidEmail(email)) throw new BadRequestError(MESSAGES.invalidEmail);
      const now = new Date();
      const latest = await resets.latest(email);
      if (latest && now.getTime() - Date.parse(latest.created_at) < RESEND_INTERVAL_MS) {
        throw new TooManyRequestsError(AUTH_MESSAGES.resendTooSoon);
      }
      const user = await usersRepository.findByEmail(email);
      // Unknown emails get a code too (stored, never sent): the same queries, the same limits,
      // the same answer, so the form cannot be used to find out who has an account.
      const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
      await resets.replace({
        email,
        userId: user?.id ?? null,
        codeHash: hashCode(email, code).toString('hex'),
        now,
        expiresAt: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000),
      });
      if (user?.email) {
        mailer.sendLater(passwordResetMail(user.email, code, CODE_VALID_MINUTES), { userId: user.id, mail: 'password-reset' });
      }
    },

    async verifyCode(username, code) {
      await check(username, code, new Date());
    },

    async resetPassword(username, code, password) {
      // Checked before the code so a too-short password does not cost a try.
      if (password.length < PASSWORD_MIN_LENGTH) throw new BadRequestError(MESSAGES.shortPassword);
      const row = await check(username, code, new Date());
      if (!row.user_id || !(await resets.consume(row.id))) throw invalid();
      await usersRepository.setPasswordHash(row.user_id, await passwords.hash(password));
      // Whoever knew the old password may hold a session: end them all.
      await authSessions.revokeAll(row.user_id);
      await lockoutsRepository.clear(row.user_id);
    },
  } satisfies PasswordReset);
}

export default fp(passwordReset, {
  name: 'password-reset',
  dependencies: ['password-resets-repository', 'users-repository', 'lockouts-repository', 'password-hashing', 'mailer', 'auth-sessions'],
});
