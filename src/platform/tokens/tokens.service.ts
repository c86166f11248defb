/**
 * Token use cases: creation by the issuer, deployment by an admin through the chain service,
 * the offering window, go-live (secondary trading) and the lifecycle moves. Locks: users (treasury
 * before issuer), then the token, then allocations and wallets.
 */
import type { AccessClaims } from '../../lib/auth/access-token.js';
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { Token, TokenStatus } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { Exact } from '../../lib/money.js';
import { recordAudit } from '../audit/audit.queries.js';
import { transferFiat, treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import type { CreateTokenBody, TokenListQuery } from './tokens.schemas.js';
import { lockTokenAndPendingSubscribers, releaseAll } from '../offering/allocation-release.js';
import { setInitialRules } from '../compliance/compliance-rules.service.js';
import { bookCloses } from '../../lib/debt/debt-schedule.math.js';
import { checkDebtTerms, issueDebt } from '../debt/debt.service.js';
import { findRulesRow } from '../compliance/compliance-rules.queries.js';
import { rulesOfRow } from '../../lib/compliance/compliance-state.queries.js';
import { goLiveShares } from './issuer-shares.js';
import {
  allocateAtGoLive,
  businessForShare,
  changeStatus,
  findToken,
  findVisibleToken,
  holdersOf,
  insertToken,
  listTokens,
  pendingPaymentsOf,
  tokenForUpdate,
  tokenIssuer,
  tokenWithPlatformShare,
  updateToken,
  type Viewer,
} from './tokens.queries.js';
import {
  goLiveBlock,
  nextStatus,
  percentagesSumTo100,
  shareOf,
  successFee,
  type TokenAction,
} from './tokens.rules.js';

export interface TokensDeps {
  db: Db;
  chain: ChainClient;
  successFeeBps: number;
  /** defaults to the system clock */
  clock?: Clock;
}

function assertMove(token: Token, action: TokenAction) {
  const next = nextStatus(token.status, action);
  if (!next)
    throw new AppError(
      'TOKEN_STATE_CONFLICT',
      `A ${token.status} token cannot ${action.replace('_', ' ')}`,
      { status: token.status },
    );
  return next;
}

export function primarySupplyOf(
  token: Pick<Token, 'total_supply' | 'primary_offering_pct'>,
): number {
  return shareOf(token.total_supply, token.primary_offering_pct);
}

export function tokensService({ db, chain, successFeeBps, clock = systemClock }: TokensDeps) {
  return {
    async create(issuer: AccessClaims, body: CreateTokenBody, ip: string): Promise<Token> {
      if (!percentagesSumTo100(body.primary_offering_pct, body.team_pct, body.reserve_pct)) {
        throw new AppError(
          'PERCENTAGES_NOT_100',
          `${body.primary_offering_pct} + ${body.team_pct} + ${body.reserve_pct} is not 100`,
        );
      }
      if (new Exact(body.price_per_token).lessThanOrEqualTo(0))
        throw new AppError('VALIDATION_FAILED', 'price_per_token must be above 0');
      if (body.maturity_date && new Date(body.maturity_date) <= clock.now())
        throw new AppError('VALIDATION_FAILED', 'maturity_date must be in the future');
      if (body.debt && body.maturity_date) {
        throw new AppError('DEBT_TERMS_INVALID', "A debt token's maturity is in its debt terms");
      }
      const debt = body.debt && checkDebtTerms(body.debt, clock.now());
      // a debt token matures (its book closes) at the end of its redemption's record day
      const maturity = debt
        ? bookCloses(debt)
        : body.maturity_date
          ? new Date(body.maturity_date)
          : null;
      return transaction(db, async (trx) => {
        const business = await businessForShare(trx, body.business_id);
        if (business?.owner_id !== issuer.userId)
          throw new AppError('NOT_FOUND', 'No such business');
        if (business.status !== 'active')
          throw new AppError(
            'BUSINESS_NOT_ACTIVE',
            'An admin activates the business once its KYB is approved',
          );
        const token = await insertToken(trx, {
          id: newId(),
          business_id: business.id,
          name: body.name.trim(),
          symbol: body.symbol,
          decimals: body.decimals,
          total_supply: body.total_supply,
          primary_offering_pct: String(body.primary_offering_pct),
          team_pct: String(body.team_pct),
          reserve_pct: String(body.reserve_pct),
          price_per_token: body.price_per_token,
          min_investment: body.min_investment ?? '0',
          raise_currency: body.raise_currency ?? 'USD',
          maturity_date: maturity,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error, 'tokens_symbol_key')) throw new AppError('SYMBOL_TAKEN');
          if ((error as { code?: string }).code === '23514')
            throw new AppError('VALIDATION_FAILED', (error as Error).message);
          throw error;
        });
        if (body.compliance_rules)
          await setInitialRules(trx, token, body.compliance_rules, issuer.userId);
        if (debt) await issueDebt(trx, token.id, debt);
        await recordAudit(trx, {
          actorId: issuer.userId,
          action: 'token.created',
          targetType: 'token',
          targetId: token.id,
          ip,
          details: {
            symbol: token.symbol,
            compliance_rules: body.compliance_rules ?? null,
            debt: body.debt ?? null,
          },
        });
        return token;
      });
    },

    /**
     * Deploys the token's suite (one deployTREXSuite, salt = token id) and records the addresses.
     * No transaction or row lock is held across the chain call (up to CHAIN_CLIENT_TIMEOUT_MS):
     * the token is checked, the chain called, and the suite recorded by a second transaction that
     * checks again. The salt makes the call idempotent: a deploy repeated after a crash, a failure
     * or a lost answer gets the same suite back and records it; of two concurrent deploys, the
     * second to record finds the first's addresses (409).
     */
    async deploy(adminId: string, id: string, ip: string) {
      const token = await findToken(db, id);
      if (!token) throw new AppError('NOT_FOUND', 'No such token');
      if (token.contract_address)
        throw new AppError('TOKEN_ALREADY_DEPLOYED', `Deployed at ${token.contract_address}`);
      assertMove(token, 'deploy');
      const result = await chain.deploy({
        token_id: token.id,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        payer_ref: token.business_id,
      });
      return transaction(db, async (trx) => {
        const current = (await tokenForUpdate(trx, id))!;
        if (current.contract_address)
          throw new AppError('TOKEN_ALREADY_DEPLOYED', `Deployed at ${current.contract_address}`);
        const deployed = await updateToken(trx, id, {
          status: assertMove(current, 'deploy'),
          contract_address: result.token_addr,
          identity_registry_addr: result.identity_registry_addr,
          deploy_tx_hash: result.tx_hash,
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'token.deployed',
          targetType: 'token',
          targetId: id,
          ip,
          details: {
            contract_address: result.token_addr,
            tx_hash: result.tx_hash,
            created: result.created,
          },
        });
        return { token: deployed, deployment: result };
      });
    },

    async startOffering(
      adminId: string,
      id: string,
      window: { primary_start: string; primary_end: string },
      ip: string,
    ): Promise<Token> {
      const start = new Date(window.primary_start);
      const end = new Date(window.primary_end);
      if (!(start < end) || end <= clock.now()) throw new AppError('INVALID_WINDOW');
      return transaction(db, async (trx) => {
        const token = await tokenForUpdate(trx, id);
        if (!token) throw new AppError('NOT_FOUND', 'No such token');
        if (!token.contract_address)
          throw new AppError('TOKEN_NOT_DEPLOYED', 'Deploy the token before its offering starts');
        assertMove(token, 'start_offering');
        const started = await updateToken(trx, id, {
          primary_start: start,
          primary_end: end,
          trading_mode: 'primary_subscription',
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'token.offering_started',
          targetType: 'token',
          targetId: id,
          ip,
          details: window,
        });
        return started;
      });
    },

    /**
     * What go-live and delisting would do to the token now, for the confirmation staff read: the
     * success fee and the go-live allocations (the platform's; the issuer's team and reserve
     * shares with their lock-up, as if it went live now), the holders, the payments still
     * awaited, and why go-live cannot succeed yet (null when it can).
     */
    async consequences(id: string) {
      const found = await tokenWithPlatformShare(db, id);
      if (!found) throw new AppError('NOT_FOUND', 'No such token');
      const at = clock.now();
      const [pending, holders, rules] = await Promise.all([
        pendingPaymentsOf(db, id),
        holdersOf(db, id),
        findRulesRow(db, id),
      ]);
      const shares = goLiveShares(
        found,
        found.platform_allocation_pct ?? '0',
        rules ? rulesOfRow(rules).lockUp : null,
        at,
      );
      const issuerShare = (type: 'team' | 'reserve') => shares.find((share) => share.type === type);
      return {
        team_quantity: issuerShare('team')?.quantity ?? 0,
        reserve_quantity: issuerShare('reserve')?.quantity ?? 0,
        issuer_locked_until:
          (issuerShare('team') ?? issuerShare('reserve'))?.lockedUntil?.toISOString() ?? null,
        total_raised: found.total_raised,
        success_fee_bps: successFeeBps,
        success_fee: successFee(found.total_raised, successFeeBps),
        go_live_quantity: shareOf(found.total_supply, found.platform_allocation_pct ?? '0'),
        holders,
        pending_payments: pending,
        go_live_blocked_by: goLiveBlock(found, pending, at),
      };
    },

    /**
     * Go-live: secondary trading, the platform's allocation to the treasury (minted by the
     * allocation worker like any other), the success fee from the issuer to the treasury, and the
     * contract unpaused by the chain-sync worker. One transaction.
     */
    async enableSecondary(adminId: string, id: string, ip: string): Promise<Token> {
      return transaction(db, async (trx) => {
        const found = await tokenIssuer(trx, id);
        if (!found) throw new AppError('NOT_FOUND', 'No such token');
        const treasury = await treasuryId(trx);
        await lockUser(trx, treasury);
        await lockUser(trx, found.owner_id);
        const token = (await tokenForUpdate(trx, id))!;
        const next = assertMove(token, 'enable_secondary');
        if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
        // The success fee is taken on total_raised now: no payment may be confirmed after it.
        const awaiting = await pendingPaymentsOf(trx, id);
        if (awaiting > 0)
          throw new AppError(
            'PAYMENTS_PENDING',
            `${awaiting} allocation(s) await payment: confirm or reject them before go-live`,
            { pending_allocations: awaiting },
          );

        const rules = await findRulesRow(trx, id);
        const at = clock.now();
        const shares = goLiveShares(
          token,
          found.platform_allocation_pct ?? '0',
          rules ? rulesOfRow(rules).lockUp : null,
          at,
        );
        for (const share of shares) {
          await allocateAtGoLive(trx, {
            tokenId: id,
            userId: share.to === 'treasury' ? treasury : found.owner_id,
            type: share.type,
            quantity: share.quantity,
            lockedUntil: share.lockedUntil,
            adminId,
            at,
          });
        }
        const fee = successFee(token.total_raised, successFeeBps);
        if (new Exact(fee).greaterThan(0)) {
          await transferFiat(trx, {
            fromUserId: found.owner_id,
            toUserId: treasury,
            amount: fee,
            kind: 'success_fee',
            referenceType: 'token',
            referenceId: id,
          });
        }
        const live = await changeStatus(trx, id, next, {
          trading_mode: 'full_orderbook',
          success_fee: fee,
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'token.secondary_enabled',
          targetType: 'token',
          targetId: id,
          ip,
          details: {
            allocations: shares.map(({ type, quantity, lockedUntil }) => ({
              type,
              quantity,
              locked_until: lockedUntil,
            })),
            success_fee: fee,
          },
        });
        return live;
      });
    },

    /**
     * pause, resume, delist: the status moves now; the contract follows through the chain-sync
     * worker. Delisting releases every subscription still awaiting payment (refunded through the
     * ledger) in the same transaction.
     */
    async move(
      adminId: string,
      id: string,
      action: 'pause' | 'resume' | 'delist',
      ip: string,
    ): Promise<Token> {
      return transaction(db, async (trx) => {
        const { token, pending } =
          action === 'delist'
            ? await lockTokenAndPendingSubscribers(trx, id)
            : { token: await tokenForUpdate(trx, id), pending: [] };
        if (!token) throw new AppError('NOT_FOUND', 'No such token');
        const next = assertMove(token, action);
        const released = await releaseAll(trx, pending, { actorId: adminId, at: clock.now() });
        const moved = await changeStatus(trx, id, next);
        await recordAudit(trx, {
          actorId: adminId,
          action: `token.${action}`,
          targetType: 'token',
          targetId: id,
          ip,
          details: { from: token.status, to: moved.status, ...released },
        });
        return moved;
      });
    },

    /** The marketplace page `viewer` may see, newest first (one row more than the limit). */
    list(viewer: Viewer, query: TokenListQuery): Promise<Token[]> {
      return listTokens(db, {
        viewer,
        limit: query.limit ?? 50,
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.status ? { status: query.status as TokenStatus } : {}),
        ...(query.business_id ? { businessId: query.business_id } : {}),
      });
    },

    async get(viewer: Viewer, id: string): Promise<Token> {
      const token = await findVisibleToken(db, id, viewer);
      if (!token) throw new AppError('NOT_FOUND', 'No such token');
      return token;
    },
  };
}

export type TokensService = ReturnType<typeof tokensService>;
