/**
 * The token agent's actions through HTTP against the real PostgreSQL, a real anvil and the chain
 * process: staff freeze and unfreeze an address and a number of units, pause and unpause a token,
 * propose a court-ordered transfer that another admin approves, and revoke a verification. Each
 * state is read back from the token contract directly (balanceOf, isFrozen, getFrozenTokens,
 * paused, isVerified), and each refusal changes nothing.
 */
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenAbi } from '../../src/chain/contracts/generated/index.js';
import {
  startIssuanceSystem,
  statusAndCode,
  type Actor,
  type IssuanceSystem,
} from '../support/issuance.js';
import { testPassword } from '../support/platform.js';
import { testBankAccount } from '../support/bank-account.js';

const unit = 10n ** 18n;

describe('agent actions', () => {
  let s: IssuanceSystem;
  let staff: Actor;
  let token: { id: string; contract_address: Address };
  let ann: Actor;
  let bob: Actor;
  const wallets = new Map<string, Address>();

  const read = (functionName: 'balanceOf' | 'isFrozen' | 'getFrozenTokens', who: Actor) =>
    createPublicClient({ transport: http(s.anvil.rpcUrl) }).readContract({
      address: token.contract_address,
      abi: tokenAbi,
      functionName,
      args: [wallets.get(who.id)!],
    });
  const propose = (body: Record<string, unknown>, actor: Actor = staff) =>
    s.call(
      'POST',
      '/api/v1/admin/agent-actions',
      { reason: 'Court order 12/2026', ...body },
      actor.token,
    );
  const decide = (id: string, decision: 'approve' | 'reject', actor: Actor = s.admin) =>
    s.call('POST', `/api/v1/admin/agent-actions/${id}/decision`, { decision }, actor.token);
  const runActions = async () => {
    while ((await s.workers.agentActions.tick()) > 0);
  };
  const wallet = (who: Actor) =>
    s.test.db
      .selectFrom('wallets')
      .select(['balance', 'locked_balance', 'frozen_quantity', 'address_frozen'])
      .where('user_id', '=', who.id)
      .where('token_id', '=', token.id)
      .executeTakeFirstOrThrow();
  const actionCount = async () =>
    Number(
      (
        await s.test.db
          .selectFrom('agent_actions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startIssuanceSystem();
    await s.ok(
      s.call(
        'POST',
        '/api/v1/admin/users',
        { email: 'agent@staff.example', password: testPassword, role: 'staff' },
        s.admin.token,
      ),
      201,
    );
    const { access_token } = await s.ok(
      s.call('POST', '/api/v1/auth/login', {
        email: 'agent@staff.example',
        password: testPassword,
      }),
    );
    const me = await s.ok(s.call('GET', '/api/v1/me', undefined, access_token));
    staff = await s.enrol({ id: me.id, token: access_token });

    const { issuer, businessId } = await s.issuerWithBusiness('agent@issuer.example', 0);
    token = await s.liveOffering(issuer, businessId, 'AGT', {
      price_per_token: '1.00',
      min_investment: '0',
    });
    ann = await s.verified('ann@agent.example');
    bob = await s.verified('bob@agent.example');
    for (const [who, quantity] of [
      [ann, 10],
      [bob, 1],
    ] as const) {
      await s.deposit(who, '100.00');
      const allocation = await s.subscribe(who, token.id, quantity);
      await s.confirm(token.id, [allocation.id]);
    }
    await s.mintAll();
    for (const who of [ann, bob]) {
      const row = await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', who.id)
        .executeTakeFirstOrThrow();
      wallets.set(who.id, row.wallet_address as Address);
    }
  }, 180_000);
  afterAll(() => s.close());

  it('freezes and unfreezes units: the database at once, the chain by the worker', async () => {
    const frozen = await s.ok(
      propose({ kind: 'freeze_units', token_id: token.id, user_id: ann.id, quantity: 4 }),
      201,
    );
    expect(frozen).toMatchObject({ status: 'pending', reference: null, proposed_by: staff.id });
    expect(await wallet(ann)).toMatchObject({ balance: 10, frozen_quantity: 4 });
    await runActions();
    expect(
      await s.ok(s.call('GET', `/api/v1/admin/agent-actions/${frozen.id}`, undefined, staff.token)),
    ).toMatchObject({ status: 'done', tx_hash: expect.stringMatching(/^0x/) });
    expect(await read('getFrozenTokens', ann)).toBe(4n * unit);
    expect(await read('balanceOf', ann)).toBe(10n * unit);
    // A retry under the action's key answers the mined transaction and freezes nothing more.
    const again = await s.chain.freezeTokens(
      {
        token_addr: token.contract_address,
        wallet_addr: wallets.get(ann.id)!,
        amount: (4n * unit).toString(),
      },
      true,
      `agent-action:${frozen.id}`,
    );
    expect(again.transaction?.tx_hash).toBe(
      (
        await s.ok(
          s.call('GET', `/api/v1/admin/agent-actions/${frozen.id}`, undefined, staff.token),
        )
      ).tx_hash,
    );
    expect(await read('getFrozenTokens', ann)).toBe(4n * unit);

    const before = await actionCount();
    expect(
      await statusAndCode(
        propose({ kind: 'freeze_units', token_id: token.id, user_id: ann.id, quantity: 7 }),
      ),
    ).toBe('422 INSUFFICIENT_TOKENS');
    expect(
      await statusAndCode(
        propose({ kind: 'unfreeze_units', token_id: token.id, user_id: ann.id, quantity: 5 }),
      ),
    ).toBe('422 FROZEN_UNITS_EXCEEDED');
    expect(
      await statusAndCode(propose({ kind: 'freeze_units', token_id: token.id, user_id: ann.id })),
    ).toBe('400 VALIDATION_FAILED');
    expect(
      await statusAndCode(
        propose({ kind: 'freeze_units', token_id: token.id, user_id: ann.id, quantity: 1 }, bob),
      ),
    ).toBe('403 FORBIDDEN_ROLE');
    expect(
      await statusAndCode(
        propose({ kind: 'freeze_units', token_id: token.id, user_id: token.id, quantity: 1 }),
      ),
    ).toBe('404 NOT_FOUND');
    expect(await actionCount()).toBe(before);
    expect(await wallet(ann)).toMatchObject({ frozen_quantity: 4 });

    await s.ok(
      propose({ kind: 'unfreeze_units', token_id: token.id, user_id: ann.id, quantity: 4 }),
      201,
    );
    // Until the chain has unfrozen them, the units stay frozen for trading.
    expect(await wallet(ann)).toMatchObject({ frozen_quantity: 4 });
    await runActions();
    expect(await wallet(ann)).toMatchObject({ frozen_quantity: 0 });
    expect(await read('getFrozenTokens', ann)).toBe(0n);
  }, 120_000);

  it('freezes and unfreezes an address', async () => {
    await s.ok(propose({ kind: 'freeze_address', token_id: token.id, user_id: bob.id }), 201);
    expect(await wallet(bob)).toMatchObject({ address_frozen: true });
    expect(
      await statusAndCode(propose({ kind: 'freeze_address', token_id: token.id, user_id: bob.id })),
    ).toBe('409 ADDRESS_ALREADY_FROZEN');
    await runActions();
    expect(await read('isFrozen', bob)).toBe(true);

    await s.ok(propose({ kind: 'unfreeze_address', token_id: token.id, user_id: bob.id }), 201);
    await runActions();
    expect(await read('isFrozen', bob)).toBe(false);
    expect(await wallet(bob)).toMatchObject({ address_frozen: false });
    expect(
      await statusAndCode(
        propose({ kind: 'unfreeze_address', token_id: token.id, user_id: bob.id }),
      ),
    ).toBe('409 ADDRESS_NOT_FROZEN');
  }, 120_000);

  it('moves a court-ordered transfer only once another admin approves it', async () => {
    const order = {
      kind: 'forced_transfer',
      token_id: token.id,
      user_id: ann.id,
      to_user_id: bob.id,
      quantity: 3,
    };
    expect(await statusAndCode(propose(order))).toBe('400 VALIDATION_FAILED');
    const proposed = await s.ok(propose({ ...order, reference: 'DIFC-CFI-042-2026' }), 201);
    expect(proposed).toMatchObject({ status: 'proposed', reference: 'DIFC-CFI-042-2026' });
    // The people by name beside their ids, so staff see whose securities move.
    expect(proposed).toMatchObject({
      holder: { id: ann.id, email: 'ann@agent.example' },
      receiver: { id: bob.id, email: 'bob@agent.example' },
      proposer: { id: staff.id, email: 'agent@staff.example' },
      decider: null,
    });
    expect(await wallet(ann)).toMatchObject({ balance: 10 });
    expect(await statusAndCode(decide(proposed.id, 'approve', staff))).toBe('403 FORBIDDEN_ROLE');

    // An admin's own proposal needs a second admin.
    const own = await s.ok(propose({ ...order, reference: 'REG-7' }, s.admin), 201);
    expect(await statusAndCode(decide(own.id, 'approve'))).toBe('403 FOUR_EYES_REQUIRED');
    await s.ok(
      s.call(
        'POST',
        '/api/v1/admin/users',
        { email: 'second@admin.example', password: testPassword, role: 'admin' },
        s.admin.token,
      ),
      201,
    );
    const { access_token } = await s.ok(
      s.call('POST', '/api/v1/auth/login', {
        email: 'second@admin.example',
        password: testPassword,
      }),
    );
    const second = await s.enrol({ id: '', token: access_token });
    // Made admin by the proposer alone, the second admin is no second pair of eyes on them.
    expect(await statusAndCode(decide(own.id, 'approve', second))).toBe('403 FOUR_EYES_REQUIRED');
    expect(await s.ok(decide(own.id, 'reject', second))).toMatchObject({ status: 'rejected' });
    expect(await statusAndCode(decide(own.id, 'approve', second))).toBe(
      '409 AGENT_ACTION_NOT_PROPOSED',
    );

    // The order applies to a frozen address and frozen units: of 10 held with 8 frozen, the 2
    // free units go first and 1 frozen unit is unfrozen and taken, as T-REX does on chain.
    await s.ok(propose({ kind: 'freeze_address', token_id: token.id, user_id: ann.id }), 201);
    await s.ok(
      propose({ kind: 'freeze_units', token_id: token.id, user_id: ann.id, quantity: 8 }),
      201,
    );
    await runActions();
    const approved = await s.ok(decide(proposed.id, 'approve'));
    expect(approved).toMatchObject({ status: 'pending', decided_by: s.admin.id });
    const listed = await s.ok(
      s.call('GET', `/api/v1/admin/agent-actions?token_id=${token.id}`, undefined, staff.token),
    );
    expect(listed.data.find((a: { id: string }) => a.id === proposed.id)).toMatchObject({
      proposer: { id: staff.id, email: 'agent@staff.example' },
      decider: { id: s.admin.id },
      holder: { id: ann.id },
      receiver: { id: bob.id },
    });
    expect(await wallet(ann)).toMatchObject({
      balance: 7,
      frozen_quantity: 7,
      address_frozen: true,
    });
    expect(await wallet(bob)).toMatchObject({ balance: 4 });
    await runActions();
    expect(await read('balanceOf', ann)).toBe(7n * unit);
    expect(await read('getFrozenTokens', ann)).toBe(7n * unit);
    expect(await read('isFrozen', ann)).toBe(true);
    expect(await read('balanceOf', bob)).toBe(4n * unit);
    const ledger = await s.test.db
      .selectFrom('wallet_transactions')
      .select(['user_id', 'quantity'])
      .where('reference_id', '=', proposed.id)
      .orderBy('quantity')
      .execute();
    expect(ledger).toEqual([
      { user_id: ann.id, quantity: -3 },
      { user_id: bob.id, quantity: 3 },
    ]);
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_id', '=', proposed.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'agent_action.proposed', actor_id: staff.id },
      { action: 'agent_action.approved', actor_id: s.admin.id },
    ]);
  }, 120_000);

  it('pauses and unpauses a live token by staff, the contract following', async () => {
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${token.id}/enable-secondary`, {}, s.admin.token),
    );
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await s.chainPaused(token.contract_address)).toBe(false);

    await s.ok(propose({ kind: 'pause', token_id: token.id }), 201);
    expect((await s.tokenRow(token.id)).status).toBe('paused');
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await s.chainPaused(token.contract_address)).toBe(true);
    expect(await statusAndCode(propose({ kind: 'pause', token_id: token.id }))).toBe(
      '409 TOKEN_STATE_CONFLICT',
    );

    await s.ok(propose({ kind: 'unpause', token_id: token.id }), 201);
    while ((await s.workers.chainSync.tick()) > 0);
    expect((await s.tokenRow(token.id)).status).toBe('secondary');
    expect(await s.chainPaused(token.contract_address)).toBe(false);
  }, 120_000);

  it("revokes a user's verification: the claim on chain, trading refused, the user told what was done but not why", async () => {
    const reason = 'Passport reported stolen (police ref 77/2026)';
    await s.ok(propose({ kind: 'revoke_verification', user_id: bob.id, reason }), 201);
    while ((await s.workers.claimRevoker.tick()) > 0);
    expect(await s.chain.isVerified(token.contract_address, wallets.get(bob.id)!)).toBe(false);
    expect(await statusAndCode(propose({ kind: 'revoke_verification', user_id: bob.id }))).toBe(
      '409 VERIFICATION_NOT_APPROVED',
    );
    expect(
      await statusAndCode(
        s.call('POST', `/api/v1/tokens/${token.id}/subscribe`, { quantity: 1 }, bob.token),
      ),
    ).toBe('403 KYC_REQUIRED');
    expect(
      await statusAndCode(s.call('POST', '/api/v1/fiat/deposits', { amount: '5.00' }, bob.token)),
    ).toBe('403 KYC_REQUIRED');

    // No tipping off: the page says the verification ended, never staff's reason.
    const kyc = await s.ok(s.call('GET', '/api/v1/kyc/me', undefined, bob.token));
    expect(kyc).toMatchObject({
      status: 'rejected',
      can_submit: false,
      application: {
        revoked_at: expect.any(String),
        rejection_reason: 'Verification revoked',
        review_notes: null,
      },
    });
    for (const word of ['Passport', 'stolen', '77/2026'])
      expect(JSON.stringify(kyc)).not.toContain(word);
    const actions = await s.ok(
      s.call('GET', '/api/v1/admin/agent-actions', undefined, staff.token),
    );
    const action = (actions.data as { kind: string; user_id: string }[]).find(
      (a) => a.kind === 'revoke_verification' && a.user_id === bob.id,
    );
    expect(action).toMatchObject({ user_id: bob.id, reason });

    // They keep what they hold in view and may ask for their cash, which an admin decides.
    await s.ok(s.call('GET', '/api/v1/portfolio', undefined, bob.token));
    await s.enrol(bob); // a withdrawal needs a second factor
    await s.ok(s.call('PUT', '/api/v1/fiat/bank-account', testBankAccount, bob.token));
    const withdrawal = await s.ok(
      s.call('POST', '/api/v1/fiat/withdrawals', { amount: '10.00' }, bob.token),
      201,
    );
    expect(withdrawal).toMatchObject({ status: 'held' });
    expect(
      (await s.ok(s.call('GET', '/api/v1/me/permissions', undefined, bob.token))) as object,
    ).toMatchObject({
      view_portfolio: { allowed: true },
      withdraw_fiat: { allowed: true },
      move_fiat: { allowed: false, missing: 'KYC_REQUIRED' },
      place_orders: { allowed: false, missing: 'KYC_REQUIRED' },
    });
  }, 120_000);

  it('lets a revoked user verify again only where staff allowed it', async () => {
    const carl = await s.verified('carl@agent.example');
    expect(
      await statusAndCode(
        propose({ kind: 'pause', token_id: token.id, allow_reverification: true }),
      ),
    ).toBe('400 VALIDATION_FAILED');
    await s.ok(
      propose({ kind: 'revoke_verification', user_id: carl.id, allow_reverification: true }),
      201,
    );
    const kyc = await s.ok(s.call('GET', '/api/v1/kyc/me', undefined, carl.token));
    expect(kyc).toMatchObject({
      can_submit: true,
      application: { revoked_at: expect.any(String) },
    });
  }, 120_000);
});
