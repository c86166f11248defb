import type {
  DepositStatus,
  FiatRequest,
  FiatRequestKind,
  WithdrawalStatus,
} from '../../lib/db/schema-fiat.js';
import type { PayeeView } from './bank-accounts.service.js';
import { paymentReference } from './fiat.rules.js';

export type StatusOf<K extends FiatRequestKind> = K extends 'deposit'
  ? DepositStatus
  : WithdrawalStatus;

/**
 * The API view of a request of kind K (the fiat_requests_status_of_kind check narrows status);
 * a withdrawal's `payee` is the bank account it is paid to (bank-accounts.service.ts payees).
 */
export function toRequestView<K extends FiatRequestKind>(
  request: FiatRequest & { kind: K },
  payee?: PayeeView,
) {
  return {
    id: request.id,
    user_id: request.user_id,
    amount: request.amount,
    status: request.status as StatusOf<K>,
    decision_reason: request.decision_reason,
    payment_reference: request.kind === 'deposit' ? paymentReference(request.id) : null,
    bank_reference: request.bank_reference,
    bank_account: payee ?? null,
    decided_at: request.decided_at?.toISOString() ?? null,
    created_at: request.created_at.toISOString(),
  };
}
