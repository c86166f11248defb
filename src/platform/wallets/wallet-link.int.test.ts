import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { insertToken, insertWallet } from '../portfolio/testing/token-fixture.js';
import { custodyKey, walletAddresses } from './wallet-address.js';

interface Challenge {
  message: string;
  nonce: string;
  expires_at: string;
}

describe('wallet addresses', () => {
  let p: TestPlatform;
  let n = 0;

  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.close());

  const verifiedUser = async () => {
    const user = await p.user(`holder${++n}@example.com`);
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', user.id)
      .execute();
    // linking or changing a wallet needs a second factor
    return p.enrol(user);
  };
  const challenge = async (user: Session) => {
    const res = await p.call('GET', '/api/v1/wallet/challenge', undefined, user.token);
    expect(res.statusCode).toBe(200);
    return res.json<Challenge>();
  };
  const link = (user: Session, address: string, signature: string) =>
    p.call('POST', '/api/v1/wallet/link', { address, signature }, user.token);
  const signedLink = async (user: Session, key = generatePrivateKey()) => {
    const account = privateKeyToAccount(key);
    const { message } = await challenge(user);
    return {
      account,
      res: await link(user, account.address, await account.signMessage({ message })),
    };
  };
  const wallet = async (user: Session) =>
    (await p.call('GET', '/api/v1/wallet', undefined, user.token)).json();

  it('issues a challenge naming the platform, the account, the nonce and the expiry', async () => {
    const ann = await verifiedUser();
    const first = await challenge(ann);
    expect(first.message).toContain('Tessera');
    expect(first.message).toContain(ann.id);
    expect(first.message).toContain(first.nonce);
    expect(first.message).toContain(first.expires_at);
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(first.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await challenge(ann)).nonce).not.toBe(first.nonce);
  });

  it('assigns a custodial wallet on request, once, and keeps one the user has', async () => {
    const cat = await verifiedUser();
    const assign = (user: Session) =>
      p.call('POST', '/api/v1/wallet/custodial', undefined, user.token);
    const first = await assign(cat);
    expect(first.statusCode).toBe(200);
    const assigned = first.json<{ wallet_address: string; wallet_custody: string }>();
    expect(assigned.wallet_custody).toBe('custodial');
    const index = await p.test.db
      .selectFrom('custodial_addresses')
      .select('address_index')
      .where('user_id', '=', cat.id)
      .executeTakeFirstOrThrow();
    expect(assigned.wallet_address).toBe(
      custodyKey(p.config.custody.mnemonic).addressAt(index.address_index),
    );
    expect((await assign(cat)).json()).toEqual(assigned);
    expect(await wallet(cat)).toEqual(assigned);
    const audits = await p.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'wallet.custodial_assigned')
      .where('actor_id', '=', cat.id)
      .execute();
    expect(audits).toEqual([{ details: { address: assigned.wallet_address } }]);

    // One linked already is kept; the unverified are read-only.
    const dan = await verifiedUser();
    const { account } = await signedLink(dan);
    expect((await assign(dan)).json()).toEqual({
      wallet_address: account.address,
      wallet_custody: 'self',
    });
    const eve = await p.user(`holder${++n}@example.com`);
    expect((await assign(eve)).statusCode).toBe(403);
    expect(await wallet(eve)).toEqual({ wallet_address: null, wallet_custody: null });
  });

  it('links a self-custody address proven by its signature, checksummed, once', async () => {
    const bob = await verifiedUser();
    expect(await wallet(bob)).toEqual({ wallet_address: null, wallet_custody: null });
    const account = privateKeyToAccount(generatePrivateKey());
    const { message } = await challenge(bob);
    const signature = await account.signMessage({ message });
    const res = await link(bob, account.address.toLowerCase(), signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ wallet_address: account.address, wallet_custody: 'self' });
    expect(await wallet(bob)).toEqual({ wallet_address: account.address, wallet_custody: 'self' });
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'wallet.linked')
      .where('actor_id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ address: account.address, previous_address: null });

    const replay = await link(bob, account.address, signature);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'WALLET_CHALLENGE_INVALID' });

    const { res: other } = await signedLink(bob);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'WALLET_ALREADY_LINKED' });
    expect((await wallet(bob)).wallet_address).toBe(account.address);
  });

  it('refuses a signature by another key, a wrong checksum, an unknown or expired challenge', async () => {
    const cat = await verifiedUser();
    const claimed = privateKeyToAccount(generatePrivateKey());
    const signer = privateKeyToAccount(generatePrivateKey());

    const none = await link(cat, claimed.address, await claimed.signMessage({ message: 'x' }));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'WALLET_CHALLENGE_INVALID' });

    const { message } = await challenge(cat);
    const wrongSigner = await link(cat, claimed.address, await signer.signMessage({ message }));
    expect(wrongSigner.statusCode).toBe(422);
    expect(wrongSigner.json()).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' });
    const otherText = await link(
      cat,
      claimed.address,
      await claimed.signMessage({ message: `${message} ` }),
    );
    expect(otherText.json()).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' });
    const garbage = await link(cat, claimed.address, `0x${'00'.repeat(65)}`);
    expect(garbage.json()).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' });
    const badChecksum = claimed.address.replace(/[a-f]/, (c) => c.toUpperCase());
    if (badChecksum !== claimed.address) {
      const res = await link(cat, badChecksum, await claimed.signMessage({ message }));
      expect(res.statusCode).toBe(400);
    }
    for (const body of [
      { address: 'nope', signature: '0x00' },
      { address: claimed.address },
      { address: claimed.address, signature: 42 },
    ]) {
      expect((await p.call('POST', '/api/v1/wallet/link', body, cat.token)).statusCode).toBe(400);
    }

    await p.test.db
      .updateTable('wallet_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', cat.id)
      .execute();
    const expired = await link(cat, claimed.address, await claimed.signMessage({ message }));
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'WALLET_CHALLENGE_INVALID' });
    expect(await wallet(cat)).toEqual({ wallet_address: null, wallet_custody: null });
  });

  it('refuses an address linked to another account', async () => {
    const key = generatePrivateKey();
    const dan = await verifiedUser();
    const eve = await verifiedUser();
    expect((await signedLink(dan, key)).res.statusCode).toBe(200);
    const { res } = await signedLink(eve, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WALLET_ADDRESS_TAKEN' });
  });

  it('replaces a custodial address only while it holds no tokens', async () => {
    const custody = walletAddresses(custodyKey(p.config.custody.mnemonic));
    const fay = await verifiedUser();
    const custodial = await p.test.db
      .transaction()
      .execute((trx) => custody.ensureWalletAddress(trx, fay.id));
    expect(await wallet(fay)).toEqual({ wallet_address: custodial, wallet_custody: 'custodial' });
    const { account, res } = await signedLink(fay);
    expect(res.statusCode).toBe(200);
    expect(await wallet(fay)).toEqual({ wallet_address: account.address, wallet_custody: 'self' });
    // The custodial address stays recorded (its key stays derivable), and is nobody else's.
    const recorded = await p.test.db
      .selectFrom('custodial_addresses')
      .select('address')
      .where('user_id', '=', fay.id)
      .executeTakeFirstOrThrow();
    expect(recorded.address).toBe(custodial);

    const gus = await verifiedUser();
    await p.test.db.transaction().execute((trx) => custody.ensureWalletAddress(trx, gus.id));
    const tokenId = await insertToken(p.test.db, (await p.admin()).id, 'TOW1');
    await insertWallet(p.test.db, gus.id, tokenId, 3);
    const { res: refused } = await signedLink(gus);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WALLET_HAS_HOLDINGS' });
  });

  it('refuses unverified users and other roles', async () => {
    const unverified = await p.user('unverified-wallet@example.com');
    const res = await p.call('GET', '/api/v1/wallet/challenge', undefined, unverified.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'KYC_REQUIRED' });
    expect((await p.call('GET', '/api/v1/wallet', undefined, unverified.token)).statusCode).toBe(
      200,
    );
    const staff = await p.staff();
    expect((await p.call('GET', '/api/v1/wallet', undefined, staff.token)).statusCode).toBe(403);
  });
});
