import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testCustodyMnemonic } from '../../../test/support/config.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newId } from '../../lib/ids.js';
import { custodyKey, walletAddresses } from './wallet-address.js';

describe('ensureWalletAddress', () => {
  let test: TestDatabase;
  const wallets = walletAddresses(custodyKey(testConfig().custody.mnemonic));

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const newUser = async () => {
    const id = newId();
    await test.db
      .insertInto('users')
      .values({
        id,
        email: `${id}@example.com`,
        password_hash: null,
        role: 'investor',
        account_type: 'individual',
      })
      .execute();
    return id;
  };
  const ensure = (userId: string) =>
    test.db.transaction().execute((trx) => wallets.ensureWalletAddress(trx, userId));

  it('gives concurrent callers for one user one address, derived from the mnemonic', async () => {
    const userId = await newUser();
    const addresses = await Promise.all(Array.from({ length: 8 }, () => ensure(userId)));
    expect(new Set(addresses).size).toBe(1);
    const { address_index, address } = await test.db
      .selectFrom('custodial_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(address).toBe(addresses[0]);
    expect(address).toBe(
      mnemonicToAccount(testCustodyMnemonic, { addressIndex: address_index }).address,
    );
    const user = await test.db
      .selectFrom('users')
      .select(['wallet_address', 'wallet_custody'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ wallet_address: address, wallet_custody: 'custodial' });
    expect(await ensure(userId)).toBe(address);
  });

  it('gives different users different addresses', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, newUser));
    const addresses = await Promise.all(users.map(ensure));
    expect(new Set(addresses).size).toBe(10);
    for (const address of addresses) expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('keeps an address the user already has', async () => {
    const userId = await newUser();
    const own = '0x000000000000000000000000000000000000dEaD';
    await test.db
      .updateTable('users')
      .set({ wallet_address: own, wallet_custody: 'self' })
      .where('id', '=', userId)
      .execute();
    expect(await ensure(userId)).toBe(own);
    const recorded = await test.db
      .selectFrom('custodial_addresses')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(recorded).toEqual([]);
  });
});
