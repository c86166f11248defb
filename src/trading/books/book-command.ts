/**
 * A command for one book and what it answers: checked and planned against its book's part of a
 * batch (execution.ts), or refused with the AppError that says why (a refusal records nothing).
 * Pure: no IO.
 */
import type { NewOrderRefusal, Order, Trade } from '../../lib/db/schema-trading.js';
import { AppError } from '../../lib/errors.js';
import type { LiveRow } from './book-state.js';
import {
  amendOrder,
  cancelAllOf,
  endOrder,
  restrictHolder,
  type AmendInput,
  type BatchContext,
  type EndReason,
  type PlaceInput,
  type RestrictionReason,
} from './execution.js';
import { cancelInPhase, placeInPhase } from './session-book.js';

export type BookCommand =
  | { kind: 'place'; input: PlaceInput }
  | { kind: 'amend'; input: AmendInput }
  | { kind: 'cancel'; orderId: string; userId: string | null; reason: EndReason }
  | { kind: 'cancel_all'; userId: string | null; reason: EndReason }
  /** the token's agent froze the holder or its units, or revoked its verification */
  | { kind: 'restrict'; userId: string; reason: RestrictionReason }
  /** the book's phase is due to change (a call's random end, the session's hours): the batch
   * brings it to its phase before its commands (session-book.ts), nothing else */
  | { kind: 'session' };

export interface CommandResult {
  /** the orders the command placed or changed, as committed */
  orders: Order[];
  /** the trades of those orders in this batch */
  trades: Trade[];
}

export type Outcome = { ok: true; orderIds: string[] } | { ok: false; error: AppError };

/**
 * A user's order, amend or cancel as the audit trail records its refusal (docs/reports.md), or
 * undefined for the commands no user sent (expiry, closing a book, an agent's restriction). An
 * amend's side and type are its order's, when the book still has it.
 */
export function refusalOf(
  tokenId: string | null,
  command: BookCommand,
  code: string,
  order: LiveRow | undefined,
  bookSequence: number | null,
): NewOrderRefusal | undefined {
  const common = { token_id: tokenId, code, book_sequence: bookSequence };
  switch (command.kind) {
    case 'place': {
      const { input } = command;
      return {
        ...common,
        user_id: input.userId,
        order_id: null,
        action: 'place',
        side: input.side,
        order_type: input.orderType,
        time_in_force: input.timeInForce,
        price: input.price,
        stop_price: input.stopPrice,
        quantity: input.quantity,
        client_order_id: input.clientOrderId,
      };
    }
    case 'amend': {
      const { input } = command;
      return {
        ...common,
        user_id: input.userId,
        order_id: input.orderId,
        action: 'amend',
        side: order?.side ?? null,
        order_type: order?.order_type ?? null,
        time_in_force: order?.time_in_force ?? null,
        price: input.price ?? null,
        stop_price: null,
        quantity: input.quantity ?? null,
        client_order_id: order?.client_order_id ?? null,
      };
    }
    case 'cancel':
      if (command.userId === null) return undefined;
      return {
        ...common,
        user_id: command.userId,
        order_id: command.orderId,
        action: 'cancel',
        side: order?.side ?? null,
        order_type: order?.order_type ?? null,
        time_in_force: order?.time_in_force ?? null,
        price: null,
        stop_price: null,
        quantity: null,
        client_order_id: order?.client_order_id ?? null,
      };
    case 'cancel_all':
    case 'restrict':
    case 'session':
      return undefined;
  }
}

/** A refusal its batch recorded in the audit trail: the caller records any other. */
export class BookRefusal extends AppError {
  constructor(error: AppError) {
    super(error.code, error.detail, error.extra);
  }
}

/** The user whose eligibility and balances the command is checked against, if any. */
export function commandUser(command: BookCommand): string | null {
  if (command.kind === 'restrict') return command.userId;
  return command.kind === 'place' || command.kind === 'amend' ? command.input.userId : null;
}

export function executeCommand(ctx: BatchContext, command: BookCommand): Outcome {
  try {
    switch (command.kind) {
      case 'place':
        return { ok: true, orderIds: [placeInPhase(ctx, command.input)] };
      case 'amend':
        amendOrder(ctx, command.input);
        return { ok: true, orderIds: [command.input.orderId] };
      case 'cancel': {
        const row = ctx.state.live.get(command.orderId);
        if (!row || (command.userId !== null && row.user_id !== command.userId)) {
          throw new AppError('ORDER_NOT_OPEN', 'The order is no longer open');
        }
        if (ctx.state.session !== null) cancelInPhase(ctx, row, command.reason);
        else endOrder(ctx, command.orderId, command.reason);
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
      case 'session':
        return { ok: true, orderIds: [] };
    }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}
