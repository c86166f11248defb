/**
 * A token's rules: read by anyone who may see the token, set by the issuer at creation (through
 * tokens.service), replaced later by staff with a reason. Every change is audited with the rules
 * before and after, and leaves the row pending for the chain (compliance-chain-sync.ts).
 */
import type { AccessClaims } from '../../lib/auth/access-token.js';
import { noComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { findVisibleToken, tokenForUpdate, type Viewer } from '../tokens/tokens.queries.js';
import { rulesOfRow } from '../../lib/compliance/compliance-state.queries.js';
import { findRulesRow, putRules } from './compliance-rules.queries.js';
import {
  rulesFromBody,
  toComplianceRulesView,
  type ChangeComplianceRulesBody,
  type ComplianceRulesBody,
  type ComplianceRulesView,
} from './compliance-rules.schemas.js';

/** The issuer's rules of a token being created, in the creation's transaction. */
export async function setInitialRules(
  trx: Trx,
  token: Token,
  body: ComplianceRulesBody,
  issuerId: string,
): Promise<void> {
  await putRules(trx, token.id, rulesFromBody(body, token.total_supply), issuerId);
}

export function complianceRulesService(db: Db) {
  return {
    /** A token without rules answers the empty rule set (version 0, nothing to put on chain). */
    async view(tokenId: string, viewer: Viewer): Promise<ComplianceRulesView> {
      const token = await findVisibleToken(db, tokenId, viewer);
      if (!token) throw new AppError('NOT_FOUND', 'No such token');
      const row = await findRulesRow(db, tokenId);
      return row
        ? toComplianceRulesView(tokenId, rulesOfRow(row), {
            version: row.version,
            chainSync: row.chain_sync,
          })
        : toComplianceRulesView(tokenId, noComplianceRules, { version: 0, chainSync: 'synced' });
    },

    async change(
      staff: AccessClaims,
      tokenId: string,
      body: ChangeComplianceRulesBody,
      ip: string,
    ): Promise<ComplianceRulesView> {
      return transaction(db, async (trx) => {
        const token = await tokenForUpdate(trx, tokenId);
        if (!token) throw new AppError('NOT_FOUND', 'No such token');
        if (token.status === 'matured' || token.status === 'delisted')
          throw new AppError('TOKEN_STATE_CONFLICT', `A ${token.status} token keeps its rules`, {
            status: token.status,
          });
        const rules = rulesFromBody(body.rules, token.total_supply);
        const { before, after } = await putRules(trx, tokenId, rules, staff.userId);
        const view = toComplianceRulesView(tokenId, rules, {
          version: after.version,
          chainSync: after.chain_sync,
        });
        await recordAudit(trx, {
          actorId: staff.userId,
          action: 'token.compliance_rules_changed',
          targetType: 'token',
          targetId: tokenId,
          ip,
          details: {
            reason: body.reason,
            version: after.version,
            before: before
              ? toComplianceRulesView(tokenId, rulesOfRow(before), {
                  version: before.version,
                  chainSync: before.chain_sync,
                })
              : null,
            after: view,
          },
        });
        return view;
      });
    },
  };
}
