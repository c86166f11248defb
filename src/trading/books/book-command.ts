/**
 * A command for one book and what it answers: checked and planned against its book's part of a
 * batch (execution.ts), or refused with the AppError that says why (a refusal records nothing).
 * Pure: no IO.
 */
import type { Order, Trade } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import {
  amendOrder,
  cancelAllOf,
  endOrder,
  placeOrder,
  restrictHolder,
  type AmendInput,
  type BatchContext,
  type EndReason,
  type PlaceInput,
  type RestrictionReason,
} from './execution.js';

export type BookCommand =
  | { kind: 'place'; input: PlaceInput }
  | { kind: 'amend'; input: AmendInput }
  | { kind: 'cancel'; orderId: string; userId: string | null; reason: EndReason }
  | { kind: 'cancel_all'; userId: string | null; reason: EndReason }
  /** the token's agent froze the holder or its units, or revoked its verification */
  | { kind: 'restrict'; userId: string; reason: RestrictionReason };

export interface CommandResult {
  /** the orders the command placed or changed, as committed */
  orders: Order[];
  /** the trades of those orders in this batch */
  trades: Trade[];
}

export type Outcome = { ok: true; orderIds: string[] } | { ok: false; error: AppError };

/** The user whose eligibility and balances the command is checked against, if any. */
export function commandUser(command: BookCommand): string | null {
  if (command.kind === 'restrict') return command.userId;
  return command.kind === 'place' || command.kind === 'amend' ? command.input.userId : null;
}

export function executeCommand(ctx: BatchContext, command: BookCommand): Outcome {
  try {
    switch (command.kind) {
      case 'place':
        return { ok: true, orderIds: [placeOrder(ctx, command.input)] };
      case 'amend':
        amendOrder(ctx, command.input);
        return { ok: true, orderIds: [command.input.orderId] };
      case 'cancel': {
        const row = ctx.state.live.get(command.orderId);
        if (!row || (command.userId !== null && row.user_id !== command.userId)) {
          throw new AppError('ORDER_NOT_OPEN', 'The order is no longer open');
        }
        endOrder(ctx, command.orderId, command.reason);
        return { ok: true, orderIds: [command.orderId] };
      }
      case 'cancel_all': {
        if (command.userId !== null) {
          return { ok: true, orderIds: cancelAllOf(ctx, command.userId) };
        }
        // A closed token's book ends for everyone: each order with the token's reason.
        const ids = [...ctx.state.live.keys()];
        for (const id of ids) endOrder(ctx, id, command.reason);
        return { ok: true, orderIds: ids };
      }
      case 'restrict':
        return { ok: true, orderIds: restrictHolder(ctx, command.userId, command.reason) };
    }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}
