/**
 * The words of each notice, as pure functions of what happened: what was done to the account, in
 * plain words, and never the suspicion or the staff reason behind it.
 */
import type { AgentActionKind } from '../../lib/db/schema-agent-actions.js';
import type { Notice } from './notify.js';

export function kycDecided(userId: string, approved: boolean): Notice {
  return {
    userId,
    kind: 'kyc.decided',
    title: approved ? 'Your identity is verified' : 'Your identity verification was not approved',
    body: approved
      ? 'Your identity verification (KYC) was approved. You can now use the features it opens.'
      : 'Your identity verification (KYC) was not approved. Sign in to see what you can do next.',
  };
}

export function kybDecided(userId: string, company: string, approved: boolean): Notice {
  return {
    userId,
    kind: 'kyb.decided',
    title: approved ? `${company} is verified` : `The verification of ${company} was not approved`,
    body: approved
      ? `The company verification (KYB) of ${company} was approved.`
      : `The company verification (KYB) of ${company} was not approved. Sign in to see what you can do next.`,
  };
}

export function paymentConfirmed(userId: string, amount: string, what: string): Notice {
  return {
    userId,
    kind: 'payment.confirmed',
    title: `Payment of ${amount} USD confirmed`,
    body: `Your payment of ${amount} USD (${what}) was received and confirmed.`,
  };
}

export function tokensMinted(userId: string, quantity: number, symbol: string): Notice {
  return {
    userId,
    kind: 'tokens.minted',
    title: `${quantity} ${symbol} are in your wallet`,
    body: `${quantity} ${symbol} tokens were issued to your wallet on chain.`,
  };
}

export function dividendPaid(userId: string, amount: string, symbol: string): Notice {
  return {
    userId,
    kind: 'dividend.paid',
    title: `Dividend of ${symbol} paid`,
    body: `A dividend of ${amount} on your ${symbol} holding was paid to your account.`,
  };
}

/** The issuer's balance will not cover a debt token's next payment (the issuer and each staff member). */
export function debtFundingShort(
  userId: string,
  symbol: string,
  due: { amount: string; paymentDate: string; balance: string },
): Notice {
  return {
    userId,
    kind: 'debt.funding_short',
    title: `${symbol}: the balance does not cover the payment of ${due.paymentDate}`,
    body: `The ${symbol} payment due ${due.paymentDate} needs about ${due.amount} USD; the issuer's balance is ${due.balance} USD. It is paid once the balance covers it.`,
  };
}

/** To staff: a redemption's burn on chain failed for good and waits for their retry. */
export function debtBurnFailed(
  userId: string,
  symbol: string,
  failure: { paymentDate: string; error: string | null },
): Notice {
  return {
    userId,
    kind: 'debt.burn_failed',
    title: `${symbol}: the burn of the redemption of ${failure.paymentDate} failed`,
    body: `The redeemed ${symbol} units left the register but their burn on chain failed for good (${failure.error ?? 'no reason given'}). Once the cause is mended, ask for a retry under Debt calls; another member of staff approves it.`,
  };
}

/** A debt token was redeemed: the holder's units were repaid and burned. */
export function debtRedeemed(userId: string, symbol: string): Notice {
  return {
    userId,
    kind: 'debt.redeemed',
    title: `${symbol} redeemed`,
    body: `Your ${symbol} units were repaid (face value and last coupon) and removed from your wallet.`,
  };
}

/** What the token's agent did, by kind of action (never why); pausing a token concerns no one holder. */
const agentActionWords: Record<Exclude<AgentActionKind, 'pause' | 'unpause'>, string> = {
  freeze_address: 'Your wallet was frozen for this token: its tokens cannot move for now.',
  unfreeze_address: 'Your wallet was unfrozen for this token: its tokens can move again.',
  freeze_units: 'Part of your holding of this token was frozen.',
  unfreeze_units: 'Part of your holding of this token was unfrozen.',
  forced_transfer: 'Tokens were transferred out of your wallet by the token agent.',
  recover_wallet: 'Your holding was moved to a new wallet address (wallet recovery).',
  revoke_verification:
    'Your verification was revoked: you can still see your holdings and withdraw your cash.',
};

export function agentAction(
  userId: string,
  kind: keyof typeof agentActionWords,
  symbol: string | null,
): Notice {
  return {
    userId,
    kind: 'agent_action',
    title: symbol
      ? `An action was taken on your ${symbol} holding`
      : 'An action was taken on your account',
    body: `${agentActionWords[kind]}${symbol ? ` Token: ${symbol}.` : ''} Contact support if you have questions.`,
  };
}

export function apiKeyCreated(userId: string, label: string): Notice {
  return {
    userId,
    kind: 'security.api_key_created',
    title: 'A new API key was created',
    body: `An API key named "${label}" was created on your account. If this was not you, revoke it and change your password at once.`,
  };
}

export function apiKeyRevoked(userId: string, label: string): Notice {
  return {
    userId,
    kind: 'security.api_key_revoked',
    title: 'An API key was revoked',
    body: `The API key named "${label}" was revoked; programs using it no longer get in.`,
  };
}

export interface FillLine {
  symbol: string;
  side: 'buy' | 'sell';
  fills: number;
  quantity: string;
  /** what the fills came to, in USD, before fees */
  total: string;
}

/** One digest of a user's fills over a window (a minute or more), a line per token and side. */
export function ordersFilled(userId: string, lines: readonly FillLine[]): Notice {
  const fills = lines.reduce((sum, line) => sum + line.fills, 0);
  const words = lines.map(
    (line) =>
      `${line.side === 'buy' ? 'Bought' : 'Sold'} ${line.quantity} ${line.symbol} for ${line.total} USD` +
      ` (${line.fills} ${line.fills === 1 ? 'fill' : 'fills'}).`,
  );
  return {
    userId,
    kind: 'order.filled',
    title: fills === 1 ? 'Your order was filled' : `Your orders were filled (${fills} fills)`,
    body: `${words.join(' ')} Fees are on your trade confirmations.`,
  };
}

/** To each party of a trade whose settlement on chain failed for good (never the chain's reason). */
export function settlementFailed(
  userId: string,
  trade: { symbol: string; side: 'buy' | 'sell'; quantity: number; price: string; tradedAt: Date },
): Notice {
  const day = trade.tradedAt.toISOString().slice(0, 10);
  return {
    userId,
    kind: 'settlement.failed',
    title: `Your ${trade.symbol} trade could not be settled`,
    body:
      `Your trade to ${trade.side} ${trade.quantity} ${trade.symbol} at ${trade.price} USD on ${day} ` +
      'could not be settled on chain. Our operations team has been alerted and will resolve it; ' +
      'you need not do anything. Contact support if you have questions.',
  };
}

/** A second factor, in words: the authenticator app, or the passkey by its name. */
export type FactorName = { totp: true } | { passkey: string };

const factorWords = (factor: FactorName) =>
  'totp' in factor ? 'An authenticator app' : `A passkey named "${factor.passkey}"`;

export function factorAdded(userId: string, factor: FactorName): Notice {
  return {
    userId,
    kind: 'security.factor_changed',
    title: 'A second factor was added to your account',
    body: `${factorWords(factor)} was added to your account for two-step sign-in. If this was not you, change your password and contact support at once.`,
  };
}

export function factorRemoved(userId: string, factor: FactorName, factorsLeft: number): Notice {
  return {
    userId,
    kind: 'security.factor_changed',
    title: 'A second factor was removed from your account',
    body: `${factorWords(factor)} was removed from your account.${
      factorsLeft > 0 ? '' : ' Your account now signs in with its password alone.'
    } If this was not you, change your password and contact support at once.`,
  };
}

export function recoveryCodeUsed(userId: string, left: number): Notice {
  return {
    userId,
    kind: 'security.recovery_codes',
    title: 'A recovery code was used',
    body: `One of your recovery codes was used to confirm a sign-in or an action; ${left} ${
      left === 1 ? 'code is' : 'codes are'
    } left. Each code works once: create new ones in your account's security settings when few remain. If this was not you, change your password and contact support at once.`,
  };
}

export function recoveryCodesRegenerated(userId: string): Notice {
  return {
    userId,
    kind: 'security.recovery_codes',
    title: 'New recovery codes were created',
    body: 'New recovery codes were created for your account; the earlier ones no longer work. If this was not you, change your password and contact support at once.',
  };
}

export function newDeviceSignIn(
  userId: string,
  device: string,
  ip: string,
  at: Date,
  link: string,
): Notice {
  return {
    userId,
    kind: 'security.new_device',
    title: `New sign-in from ${device}`,
    body: `Your account was signed in to from a device it had not used before: ${device}, address ${ip}, at ${at.toISOString()}. If this was you, there is nothing to do. If not, end that session from your account's sessions and change your password.`,
    link,
  };
}

export function sessionsEndedByStaff(userId: string): Notice {
  return {
    userId,
    kind: 'security.sessions_ended',
    title: 'You were signed out everywhere',
    body: 'Tessera support signed out every session of your account, on every device. Sign in again to continue; contact support if you have questions.',
  };
}
