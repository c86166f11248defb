import type { FastifyRequest } from 'fastify';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { caller } from '../../lib/http/auth-guard.js';
import { verificationState } from '../../lib/db/user-rows.queries.js';
import {
  gateRefusal,
  gatedActions,
  type GatedAction,
  type GateRefusal,
} from '../../lib/auth/gates.rules.js';

const refusalDetail: Record<GateRefusal, string> = {
  EMAIL_NOT_VERIFIED:
    'Verify your email address first: follow the link we sent you (POST /api/v1/me/email-verification sends a new one)',
  KYC_REQUIRED: 'Complete identity verification (KYC) first',
  KYB_REQUIRED: "Your company's verification (KYB) must be approved first",
  KYC_LEVEL_TOO_LOW: 'This needs KYC level 2 or more',
  FORBIDDEN_ROLE: 'Your role may not do this',
};

/**
 * The one verification guard: an onRequest hook (after the authentication guard, before the body
 * is parsed or validated) refusing with 403 and a code
 * naming the missing verification, per the matrix in gates.rules.ts.
 */
export function verificationGates(db: Db) {
  return {
    gate: (action: GatedAction) => {
      return async (request: FastifyRequest): Promise<void> => {
        const refusal = gateRefusal(await verificationState(db, caller(request).userId), action);
        if (refusal) throw new AppError(refusal, refusalDetail[refusal], { action });
      };
    },

    /** What the caller may do now, action by action (for clients to show the right next step). */
    async permissions(userId: string) {
      const state = await verificationState(db, userId);
      return Object.fromEntries(
        gatedActions.map((action) => {
          const refusal = gateRefusal(state, action);
          return [action, { allowed: refusal === undefined, missing: refusal ?? null }];
        }),
      );
    },
  };
}

export type VerificationGates = ReturnType<typeof verificationGates>;
