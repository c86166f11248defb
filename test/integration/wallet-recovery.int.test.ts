/**
 * Wallet recovery through HTTP against the real PostgreSQL, a real anvil with the T-REX contracts
 * and the chain process: an investor who holds two tokens, with frozen units on one and a frozen
 * address on the other, proves a new address with its key, staff enter the recovery after their
 * review, another admin approves, and the executor runs T-REX `recoveryAddress` on both tokens.
 * The chain (balanceOf, getFrozenTokens, isFrozen, the identity registry) and the database (the
 * address, the register's movements) are read back; a repeat sends nothing; each refusal changes
 * nothing.
 */
import { createPublicClient, http, type Address } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenAbi } from '../../src/chain/contracts/generated/index.js';
import {
  startIssuanceSystem,
  statusAndCode,
  type Actor,
  type IssuanceSystem,
} from '../support/issuance.js';
import { testPassword } from '../support/platform.js';

const unit = 10n ** 18n;
type Signer = { address: Address; signMessage: (m: { message: string }) => Promise<string> };

describe('wallet recovery', () => {
  let s: IssuanceSystem;
  let staff: Actor;
  let secondAdmin: Actor;
  let ann: Actor;
  let bob: Actor;
  const tokens: { id: string; contract_address: Address }[] = [];
  const lost = new Map<string, Address>();

  const read = (
    token: Address,
    functionName: 'balanceOf' | 'isFrozen' | 'getFrozenTokens',
    wallet: Address,
  ) =>
    createPublicClient({ transport: http(s.anvil.rpcUrl) }).readContract({
      address: token,
      abi: tokenAbi,
      functionName,
      args: [wallet],
    });
  const propose = (body: Record<string, unknown>, actor: Actor = staff) =>
    s.call(
      'POST',
      '/api/v1/admin/agent-actions',
      { reason: 'Investor lost the key of their wallet', ...body },
      actor.token,
    );
  const decide = (id: string, decision: 'approve' | 'reject', actor: Actor = s.admin) =>
    s.call('POST', `/api/v1/admin/agent-actions/${id}/decision`, { decision }, actor.token);
  const runActions = async () => {
    while ((await s.workers.agentActions.tick()) > 0);
  };
  /** The investor signs their challenge with `signer` and gives its address for the recovery. */
  const linkNewAddress = async (who: Actor, signer: Signer) => {
    const { message } = await s.ok(s.call('GET', '/api/v1/wallet/challenge', undefined, who.token));
    return s.call(
      'POST',
      '/api/v1/wallet/recovery',
      { address: signer.address, signature: await signer.signMessage({ message }) },
      who.token,
    );
  };
  /** The custodial key of a user's current address (the harness's custody mnemonic). */
  const custodialSigner = async (who: Actor): Promise<Signer> => {
    const row = await s.test.db
      .selectFrom('custodial_addresses')
      .select('address_index')
      .where('user_id', '=', who.id)
      .executeTakeFirstOrThrow();
    return mnemonicToAccount(s.config.custody.mnemonic, { addressIndex: row.address_index });
  };
  const login = async (email: string, role: 'staff' | 'admin') => {
    await s.ok(
      s.call('POST', '/api/v1/admin/users', { email, password: testPassword, role }, s.admin.token),
      201,
    );
    const { access_token } = await s.ok(
      s.call('POST', '/api/v1/auth/login', { email, password: testPassword }),
    );
    const me = await s.ok(s.call('GET', '/api/v1/me', undefined, access_token));
    return s.enrol({ id: me.id as string, token: access_token as string });
  };
  const addressOf = async (who: Actor) =>
    (
      await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', who.id)
        .executeTakeFirstOrThrow()
    ).wallet_address as Address;
  const recoveryCount = async () =>
    Number(
      (
        await s.test.db
          .selectFrom('agent_actions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'recover_wallet')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startIssuanceSystem();
    staff = await login('recovery@staff.example', 'staff');
    secondAdmin = await login('second@admin.example', 'admin');
    const { issuer, businessId } = await s.issuerWithBusiness('recovery@issuer.example', 0);
    for (const symbol of ['RCA', 'RCB']) {
      tokens.push(
        await s.liveOffering(issuer, businessId, symbol, {
          price_per_token: '1.00',
          min_investment: '0',
        }),
      );
    }
    // a wallet change needs a second factor
    ann = await s.enrol(await s.verified('ann@recovery.example'));
    bob = await s.enrol(await s.verified('bob@recovery.example'));
    await s.deposit(ann, '100.00');
    await s.deposit(bob, '100.00');
    for (const [who, token, quantity] of [
      [ann, tokens[0]!, 10],
      [ann, tokens[1]!, 5],
      [bob, tokens[0]!, 1],
    ] as const) {
      const allocation = await s.subscribe(who, token.id, quantity);
      await s.confirm(token.id, [allocation.id]);
    }
    await s.mintAll();
    lost.set(ann.id, await addressOf(ann));
    lost.set(bob.id, await addressOf(bob));
    // Frozen units on the first token, a frozen address on the second: both must follow.
    await s.ok(
      propose({ kind: 'freeze_units', token_id: tokens[0]!.id, user_id: ann.id, quantity: 3 }),
      201,
    );
    await s.ok(propose({ kind: 'freeze_address', token_id: tokens[1]!.id, user_id: ann.id }), 201);
    await runActions();
  }, 240_000);
  afterAll(() => s.close());

  it('refuses a recovery that cannot go ahead, changing nothing', async () => {
    // No new address linked yet.
    expect(
      await statusAndCode(
        propose({
          kind: 'recover_wallet',
          user_id: ann.id,
          identity_check: 'staff_review',
          reference: 'Video call 2026-11-26',
        }),
      ),
    ).toBe('409 RECOVERY_ADDRESS_REQUIRED');
    // The lost address itself, and another investor's address, signed with their keys.
    expect(await statusAndCode(linkNewAddress(ann, await custodialSigner(ann)))).toBe(
      '422 RECOVERY_SAME_ADDRESS',
    );
    expect(await statusAndCode(linkNewAddress(ann, await custodialSigner(bob)))).toBe(
      '409 WALLET_ADDRESS_TAKEN',
    );
    // A signature by another key than the address given.
    const { message } = await s.ok(s.call('GET', '/api/v1/wallet/challenge', undefined, ann.token));
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(
      await statusAndCode(
        s.call(
          'POST',
          '/api/v1/wallet/recovery',
          {
            address: privateKeyToAccount(generatePrivateKey()).address,
            signature: await stranger.signMessage({ message }),
          },
          ann.token,
        ),
      ),
    ).toBe('422 WALLET_SIGNATURE_INVALID');
    expect(
      await s.ok(s.call('GET', '/api/v1/wallet/recovery', undefined, ann.token)),
    ).toMatchObject({ new_address: null, recovery: null });

    const fresh = privateKeyToAccount(generatePrivateKey());
    expect(await s.ok(linkNewAddress(ann, fresh))).toMatchObject({
      wallet_address: lost.get(ann.id),
      new_address: fresh.address,
    });
    // Ann's proven new address is hers: Bob cannot give it.
    expect(await statusAndCode(linkNewAddress(bob, fresh))).toBe('409 WALLET_ADDRESS_TAKEN');

    // No KYC check approved since the new address was linked.
    expect(
      await statusAndCode(
        propose({ kind: 'recover_wallet', user_id: ann.id, identity_check: 'kyc' }),
      ),
    ).toBe('409 RECOVERY_IDENTITY_NOT_VERIFIED');
    // A staff review needs its reference; a recovery needs how the identity was checked.
    expect(
      await statusAndCode(
        propose({ kind: 'recover_wallet', user_id: ann.id, identity_check: 'staff_review' }),
      ),
    ).toBe('400 VALIDATION_FAILED');
    expect(await statusAndCode(propose({ kind: 'recover_wallet', user_id: ann.id }))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(
      await statusAndCode(
        propose({
          kind: 'recover_wallet',
          user_id: ann.id,
          token_id: tokens[0]!.id,
          identity_check: 'staff_review',
          reference: 'r',
        }),
      ),
    ).toBe('400 VALIDATION_FAILED');
    expect(await recoveryCount()).toBe(0);
    expect(await addressOf(ann)).toBe(lost.get(ann.id));
  }, 120_000);

  it('moves balances, frozen units and the frozen address to the new wallet on approval', async () => {
    const { new_address: newAddress } = await s.ok(
      s.call('GET', '/api/v1/wallet/recovery', undefined, ann.token),
    );
    const entered = await s.ok(
      propose({
        kind: 'recover_wallet',
        user_id: ann.id,
        identity_check: 'staff_review',
        reference: 'Video call 2026-11-26, passport seen',
      }),
      201,
    );
    expect(entered).toMatchObject({
      status: 'proposed',
      old_address: lost.get(ann.id),
      new_address: newAddress,
      identity_check: 'staff_review',
    });
    expect(
      await statusAndCode(
        propose({
          kind: 'recover_wallet',
          user_id: ann.id,
          identity_check: 'staff_review',
          reference: 'again',
        }),
      ),
    ).toBe('409 RECOVERY_IN_PROGRESS');
    // Four eyes: staff cannot decide, an admin cannot approve their own.
    expect(await statusAndCode(decide(entered.id, 'approve', staff))).toBe('403 FORBIDDEN_ROLE');
    expect(
      await s.ok(s.call('GET', '/api/v1/wallet/recovery', undefined, ann.token)),
    ).toMatchObject({ recovery: { id: entered.id, status: 'proposed' } });
    // Nothing moved before the approval.
    await runActions();
    expect(await read(tokens[0]!.contract_address, 'balanceOf', newAddress)).toBe(0n);

    expect(await s.ok(decide(entered.id, 'approve'))).toMatchObject({ status: 'pending' });
    expect(await addressOf(ann)).toBe(lost.get(ann.id));
    await runActions();
    const done = await s.ok(
      s.call('GET', `/api/v1/admin/agent-actions/${entered.id}`, undefined, staff.token),
    );
    expect(done).toMatchObject({ status: 'done', tx_hash: expect.stringMatching(/^0x/) });

    const [first, second] = [tokens[0]!.contract_address, tokens[1]!.contract_address];
    const old = lost.get(ann.id)!;
    expect(await read(first, 'balanceOf', newAddress)).toBe(10n * unit);
    expect(await read(first, 'getFrozenTokens', newAddress)).toBe(3n * unit);
    expect(await read(second, 'balanceOf', newAddress)).toBe(5n * unit);
    expect(await read(second, 'isFrozen', newAddress)).toBe(true);
    expect(await read(first, 'balanceOf', old)).toBe(0n);
    expect(await read(second, 'balanceOf', old)).toBe(0n);
    // The identity followed: the new wallet is registered and verified, the lost one forgotten.
    expect(await s.chain.identityOf(newAddress)).toMatchObject({
      registered: true,
      kyc_claim: 'valid',
    });
    expect(await s.chain.identityOf(old)).toMatchObject({ registered: false });
    expect(await s.chain.isVerified(first, newAddress)).toBe(true);

    // The database followed the chain, the lost address kept on record.
    expect(await addressOf(ann)).toBe(newAddress);
    const movements = await s.test.db
      .selectFrom('token_movements')
      .select(['token_id', 'quantity', 'from_address', 'to_address', 'from_user_id', 'to_user_id'])
      .where('kind', '=', 'recovery')
      .orderBy('token_id')
      .execute();
    expect(movements).toEqual(
      [
        { token: tokens[0]!, quantity: '10' },
        { token: tokens[1]!, quantity: '5' },
      ]
        .sort((a, b) => a.token.id.localeCompare(b.token.id))
        .map(({ token, quantity }) => ({
          token_id: token.id,
          quantity,
          from_address: old,
          to_address: newAddress,
          from_user_id: ann.id,
          to_user_id: ann.id,
        })),
    );
    expect(
      await s.ok(s.call('GET', '/api/v1/wallet/recovery', undefined, ann.token)),
    ).toMatchObject({
      wallet_address: newAddress,
      new_address: null,
      recovery: { status: 'done', old_address: old, new_address: newAddress },
    });

    // A repeat under the action's key sends nothing.
    const client = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    const blockBefore = await client.getBlockNumber();
    const again = await s.chain.recoverWallet(
      { lost_addr: old, new_addr: newAddress, token_addrs: [first, second] },
      `agent-action:${entered.id}`,
    );
    expect(again.tokens.map((t) => t.balance)).toEqual([
      (10n * unit).toString(),
      (5n * unit).toString(),
    ]);
    expect(await client.getBlockNumber()).toBe(blockBefore);
    // The lost address is never given to anyone again.
    expect(await statusAndCode(linkNewAddress(bob, await custodialSigner(ann)))).toBe(
      '409 WALLET_ADDRESS_TAKEN',
    );
  }, 180_000);

  it('lets only another admin approve a recovery an admin entered', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey());
    await s.ok(linkNewAddress(bob, fresh));
    const entered = await s.ok(
      propose(
        {
          kind: 'recover_wallet',
          user_id: bob.id,
          identity_check: 'staff_review',
          reference: 'Branch visit',
        },
        s.admin,
      ),
      201,
    );
    expect(await statusAndCode(decide(entered.id, 'approve'))).toBe('403 FOUR_EYES_REQUIRED');
    expect(await s.ok(decide(entered.id, 'reject', secondAdmin))).toMatchObject({
      status: 'rejected',
    });
    expect(await statusAndCode(decide(entered.id, 'approve', secondAdmin))).toBe(
      '409 AGENT_ACTION_NOT_PROPOSED',
    );
    expect(await addressOf(bob)).toBe(lost.get(bob.id));
    expect(await read(tokens[0]!.contract_address, 'balanceOf', lost.get(bob.id)!)).toBe(unit);
  }, 60_000);
});
