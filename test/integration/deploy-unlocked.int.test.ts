/**
 * Deployment holds no database transaction or lock on the token across the chain call (issue 18
 * item 10), and a failure or a crash between the call and the record is recovered by deploying
 * again (the suite's salt is the token id: a repeat finds the suite). Real PostgreSQL, anvil and
 * chain process; a gate in front of the chain holds the deploy while the test acts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainClient } from '../../src/lib/chain-client.js';
import { transaction } from '../../src/lib/db/database.js';
import { tokensService } from '../../src/platform/tokens/tokens.service.js';
import { startChainGate } from '../support/chain-gate.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';

describe('deploying a token', () => {
  let s: IssuanceSystem;
  let gate: Awaited<ReturnType<typeof startChainGate>>;
  let issuer: Actor;
  let businessId: string;
  /** the tokens use case with its chain calls passing through the gate */
  let gated: ReturnType<typeof tokensService>;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    gate = await startChainGate(s.config.urls.chain);
    gated = tokensService({
      db: s.test.db,
      chain: new ChainClient({ baseUrl: gate.url, serviceToken: s.config.auth.serviceToken }),
      successFeeBps: s.config.issuance.successFeeBps,
    });
    ({ issuer, businessId } = await s.issuerWithBusiness('deploy@issuer.example'));
  }, 120_000);
  afterAll(async () => {
    await gate?.close();
    await s?.close();
  });

  const draft = (symbol: string) =>
    s.ok(s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, symbol), issuer.token), 201);
  const deploy = (id: string) =>
    s.call('POST', `/api/v1/admin/tokens/${id}/deploy`, {}, s.admin.token);
  const row = (id: string) =>
    s.test.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('leaves the token row unlocked while the chain deploys', async () => {
    const token = await draft('GATE');
    gate.hold('/api/v1/deploy');
    const deploying = gated.deploy(s.admin.id, token.id, '127.0.0.1');
    await gate.arrived();
    try {
      // While the deploy waits for the chain, another transaction locks (without waiting) and
      // updates the token's row.
      await transaction(s.test.db, async (trx) => {
        await sql`select id from tokens where id = ${token.id} for update nowait`.execute(trx);
        await trx
          .updateTable('tokens')
          .set({ updated_at: new Date() })
          .where('id', '=', token.id)
          .execute();
      });
      expect(await row(token.id)).toMatchObject({ status: 'draft', contract_address: null });
    } finally {
      gate.open();
    }
    const { token: deployed, deployment } = await deploying;
    expect(deployed).toMatchObject({ status: 'primary', contract_address: deployment.token_addr });
    expect(deployment.created).toBe(true);
  });

  it('records nothing when the chain fails, and deploys on the next try', async () => {
    const token = await draft('FAIL');
    await s.stopChain();
    try {
      const failed = await deploy(token.id);
      expect(`${failed.statusCode} ${failed.json().code}`).toBe('503 CHAIN_UNAVAILABLE');
      expect(await row(token.id)).toMatchObject({ status: 'draft', contract_address: null });
    } finally {
      await s.startChainAgain();
    }
    const deployed = await s.ok(deploy(token.id));
    expect(deployed.token).toMatchObject({
      status: 'primary',
      contract_address: deployed.contract_address,
    });
  });

  it('records the same suite after a crash between the chain call and the record', async () => {
    const token = await draft('CRSH');
    // What a platform that died after the chain's answer left behind: the suite on chain,
    // nothing in the database.
    const first = await s.chain.deploy({
      token_id: token.id,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      payer_ref: businessId,
    });
    expect(first.created).toBe(true);
    expect(await row(token.id)).toMatchObject({ status: 'draft', contract_address: null });

    const deployed = await s.ok(deploy(token.id));
    expect(deployed.contract_address).toBe(first.token_addr);
    expect(await row(token.id)).toMatchObject({
      status: 'primary',
      contract_address: first.token_addr,
      identity_registry_addr: first.identity_registry_addr,
    });
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'token.deployed')
      .where('target_id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ contract_address: first.token_addr, created: false });
  });

  it('of two deploys at once, one records the suite and the other is refused', async () => {
    const token = await draft('TWIN');
    const answers = await Promise.all([deploy(token.id), deploy(token.id)]);
    expect(answers.map((a) => `${a.statusCode} ${a.json().code ?? ''}`).sort()).toEqual([
      '200 ',
      '409 TOKEN_ALREADY_DEPLOYED',
    ]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await row(token.id)).contract_address).toBe(winner.contract_address);
  });
});
